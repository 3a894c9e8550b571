import { describe, expect, it } from 'vitest';
import {
  MESSAGE_CATALOGUES,
  MESSAGE_TEXTS,
  fillMessage,
  isMessageCode,
  messageText,
  placeholdersOf,
  type MessageCode,
} from '@splashboard/contract';
import { AppError, fieldError, notFound, rateLimited } from './errors.ts';

describe('the message catalogues', () => {
  it('fill each named value, every time it is named, and leave a value not given as it is', () => {
    expect(fillMessage('{{a}} and {{b}}, {{a}} again', { a: 'one', b: 2 })).toBe('one and 2, one again');
    expect(fillMessage('{{a}} and {{missing}}', { a: 1 })).toBe('1 and {{missing}}');
    expect(fillMessage('No values here: {a} {{ a }}', { a: 1 })).toBe('No values here: {a} {{ a }}');
    expect(fillMessage('{{constructor}}')).toBe('{{constructor}}');
  });

  it('word a code in English with its values', () => {
    expect(messageText('vouchers.planLimit', { limit: 50 })).toMatch(
      /^Your plan allows 50 vouchers activated per billing period/,
    );
    expect(messageText('common.notFound')).toBe('Not found');
    expect(placeholdersOf(MESSAGE_CATALOGUES.routers.wrongRouter)).toEqual(['router', 'family', 'family']);
  });

  it('name every message by `<catalogue>.<key>`, with one placeholder syntax', () => {
    expect(MESSAGE_TEXTS.get('guestAccounts.usernameTaken')).toBe('This username is already taken at this site');
    expect(isMessageCode('common.validation')).toBe(true);
    expect(isMessageCode('common.nope')).toBe(false);
    expect(isMessageCode('toString')).toBe(false);
    for (const [code, text] of MESSAGE_TEXTS) expect(text.replace(/\{\{\w+\}\}/g, ''), code).not.toMatch(/[{}]/);
  });
});

describe('AppError', () => {
  it('takes its message from the code and keeps only the values the message names', () => {
    const error = notFound('common.siteNotFound', { siteId: 12, other: 'x' });
    expect(error).toMatchObject({ status: 404, code: 'common.siteNotFound', message: 'No site exist with site id 12' });
    expect(error.params).toEqual({ siteId: 12 });
    expect(notFound().params).toBeUndefined();
  });

  it('gives a field error its own message under the field', () => {
    const error = fieldError('file', 'guestAccounts.tooManyRows', { max: 5000 });
    expect(error.status).toBe(422);
    expect(error.schemaErrors).toEqual({ file: ['The file has more than 5000 accounts: split it into smaller files'] });
    expect(error.params).toEqual({ max: 5000 });
  });

  it('carries the headers it is given', () => {
    expect(rateLimited(12.2).headers).toEqual({ 'retry-after': '13' });
  });

  it('does not compile with a code that is not in a catalogue', () => {
    // @ts-expect-error a typo in a code is caught by the compiler
    const typo: MessageCode = 'common.notFuond';
    expect(() => new AppError(400, typo)).toThrow('No message has the code common.notFuond');
  });
});
