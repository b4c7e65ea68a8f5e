import { describe, expect, it } from 'vitest';
import { checkEmail, EMAIL_MSG, normalizePhone } from './validation';

describe('normalizePhone', () => {
  it.each([
    ['0712345678', '254712345678'],
    ['0712 345 678', '254712345678'],
    ['0112-345-678', '254112345678'],
    ['+254 712 345 678', '254712345678'],
    ['+254712345678', '254712345678'],
    ['254712345678', '254712345678'],
    ['712345678', '254712345678'],
    ['(0712) 345.678', '254712345678'],
    ['+254 (0) 712 345 678', '254712345678'],
    ['0101 234 567', '254101234567'],
    ['0700000001', '254700000001'],
  ])('reads %s', (input, expected) => {
    expect(normalizePhone(input)).toBe(expected);
  });

  it.each([
    '',
    '0812345678', // not a mobile prefix
    '+255712345678', // Tanzania
    '071234567', // one digit short
    '07123456789', // one digit long
    '2547123456789',
    '07123x5678',
    '+0712345678',
    '612345678',
    '0122345678', // not a mobile range
    'garbage',
    '254 (0)?',
  ])('refuses %s', (input) => {
    expect(normalizePhone(input)).toBeNull();
  });
});

describe('checkEmail', () => {
  it.each(['a@b.co', ' farmer@mifugo.co.ke ', 'first.last+feeds@example.com', 'jané@example.com'])('accepts %s', (email) => {
    expect(checkEmail(email)).toBeUndefined();
  });

  it('asks for an email', () => {
    expect(checkEmail('  ')).toBe(EMAIL_MSG.required);
    expect(EMAIL_MSG.required).toBe('Email is required');
  });

  it.each(['farmer', 'farmer@', '@example.com', 'a@b', 'a b@example.com', 'a@@example.com', 'a..b@example.com', '.a@example.com', 'Name <a@b.co>', `${'a'.repeat(250)}@b.co`])(
    'refuses %s',
    (email) => {
      expect(checkEmail(email)).toBe('Please enter a valid email');
    },
  );
});
