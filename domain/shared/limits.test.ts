import { describe, expect, it } from 'vitest';
import { dealMessages } from '../deal/schemas';
import { imageMessages } from '../organisation/schemas';
import { postMessages } from '../post/schemas';
import { questionMessages } from '../question/schemas';
import { reviewMessages } from '../review/schemas';
import { passwordMessages } from '../user/schemas';

// Messages are made from the limits they name; these pin the words, so a change of format (a lost thousands
// separator, a rounded percentage) shows here and not on a customer's screen.

describe('messages made from the limits', () => {
  it('say the limits in the spec’s words', () => {
    expect(postMessages.lvrTooHigh).toBe('The loan can be at most 90% of the property value');
    expect(postMessages.lvrWarning).toBe('The loan is more than 80% of the property value: lenders may ask for mortgage insurance.');
    expect([postMessages.ageMin, postMessages.ageMax]).toEqual(['Age should be more than or equal to 18 years', 'Age should be less than or equal to 80 years']);
    expect(postMessages.nameTooShort).toBe('Should be at least 2 characters');
    expect(postMessages.incomeYearlyMax).toBe('Should be less than 5,000,000 a year');
    expect(postMessages.yearlyIncomeTotal).toBe('The total yearly income must be at least 50,000');
    expect([passwordMessages.min, passwordMessages.max]).toEqual(['Should be at least 8 characters', 'Should be at most 100 characters']);
    expect(imageMessages.tooLarge).toBe('The image must be smaller than 2 MB.');
    expect(questionMessages.tooLong).toBe('Question must be under 500 characters.');
    expect(dealMessages.noteTooLong).toBe('The note must be under 1000 characters');
    expect(reviewMessages.descriptionTooLong).toBe('must be under 1000 characters');
  });
});
