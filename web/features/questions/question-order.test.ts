import { describe, expect, it } from 'vitest';
import { moveQuestion, placeQuestions } from './question-order';

// The active list hides inactive questions, so the positions on screen can have gaps (here 2 is inactive).
const rows = [
  { uuid: 'a', position: 1 },
  { uuid: 'c', position: 3 },
  { uuid: 'd', position: 4 },
];

describe('moving a question in the list on screen', () => {
  it('swaps positions with the visible neighbour above', () => {
    expect(moveQuestion(rows, 1, 'up')).toEqual([
      { uuid: 'c', position: 1 },
      { uuid: 'a', position: 3 },
    ]);
  });

  it('swaps positions with the visible neighbour below', () => {
    expect(moveQuestion(rows, 1, 'down')).toEqual([
      { uuid: 'c', position: 4 },
      { uuid: 'd', position: 3 },
    ]);
  });

  it('cannot move past either end', () => {
    expect(moveQuestion(rows, 0, 'up')).toBeNull();
    expect(moveQuestion(rows, 2, 'down')).toBeNull();
  });

  it('shows the new order at once, in position order', () => {
    expect(placeQuestions(rows, moveQuestion(rows, 2, 'up')!).map((r) => `${r.position}${r.uuid}`)).toEqual(['1a', '3d', '4c']);
  });
});
