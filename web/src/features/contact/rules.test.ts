import { describe, expect, it } from 'vitest';
import { checkContact } from './rules';

const valid = { name: 'Wanjiku', email: 'wanjiku@example.co.ke', subject: 'order', message: 'Where is my order?' };

describe('contact form rules (the same as the server)', () => {
  it('accepts a complete message', () => {
    expect(checkContact(valid)).toEqual({});
  });

  it('requires every field', () => {
    expect(checkContact({ name: ' ', email: '', subject: '', message: '\n' })).toEqual({
      name: 'Name is required',
      email: 'Email is required',
      subject: 'Please choose a subject',
      message: 'Message is required',
    });
  });

  it('takes only the five subjects', () => {
    for (const subject of ['general', 'order', 'custom', 'wholesale', 'press']) {
      expect(checkContact({ ...valid, subject })).toEqual({});
    }
    expect(checkContact({ ...valid, subject: 'complaint' }).subject).toBe('Please choose a subject');
  });

  it('limits lengths in characters', () => {
    expect(checkContact({ ...valid, name: 'é'.repeat(100) })).toEqual({});
    expect(checkContact({ ...valid, name: 'n'.repeat(101) }).name).toBe('Name must be at most 100 characters');
    expect(checkContact({ ...valid, message: 'm'.repeat(5000) })).toEqual({});
    expect(checkContact({ ...valid, message: 'm'.repeat(5001) }).message).toBe('Message must be at most 5000 characters');
  });
});
