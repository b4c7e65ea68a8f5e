import { describe, expect, it } from 'vitest';
import { checkEmail, MESSAGES } from './contentRules';

describe('the newsletter and contact email rule (the same as the server)', () => {
  it.each([
    ['', MESSAGES.emailRequired],
    ['   ', MESSAGES.emailRequired],
    ['farmer', MESSAGES.emailInvalid],
    ['farmer@example', MESSAGES.emailInvalid],
    ['Farmer <farmer@example.com>', MESSAGES.emailInvalid],
    ['a b@example.com', MESSAGES.emailInvalid],
    [`${'a'.repeat(250)}@example.com`, MESSAGES.emailInvalid],
    ['farmer@example.com', undefined],
    ['  mkulima.bora+feeds@mail.co.ke ', undefined],
  ])('email %j: %s', (email, message) => {
    expect(checkEmail(email)).toBe(message);
  });
});
