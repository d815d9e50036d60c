import { passwordLimits } from '../../domain/user/schemas';

// The password rules of spec 2 §5 in the words every form shows where a password is chosen, made from the limits
// the schema checks (domain/user/schemas.ts `password`).

const { minLength, maxLength, classesMin } = passwordLimits;

export const passwordLengthRule = `${minLength} to ${maxLength} characters, without spaces`;
export const passwordClassesRule = `at least ${classesMin} of: lowercase letters (a-z), uppercase letters (A-Z), numbers (0-9), special characters`;
/** The rules in one line: a field's description. */
export const passwordHint = `${passwordLengthRule}, and ${passwordClassesRule}.`;
