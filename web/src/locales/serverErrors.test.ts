import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@splashboard/contract';
import { enUS } from './en-US.ts';
import { esES } from './es-ES.ts';

describe("the shell's server messages", () => {
  it('copy every shared message of the contract word for word, so that they are recognised', () =>
    expect(enUS.common.errors).toMatchObject(MESSAGES));
  it('are all translated into Spanish', () => {
    expect(Object.keys(esES.common.errors).sort()).toEqual(Object.keys(enUS.common.errors).sort());
    for (const [key, text] of Object.entries(esES.common.errors))
      expect(text, key).not.toBe(enUS.common.errors[key as keyof typeof enUS.common.errors]);
  });
});
