import { beforeAll, describe, expect, it } from 'vitest';
import i18n from 'i18next';
import { MESSAGE_TEXTS, isMessageCode, splitMessageCode } from '@splashboard/contract/messages';
import { initI18n, loadLanguage } from '../app/i18n.ts';

beforeAll(async () => {
  initI18n('en-US');
  await loadLanguage('es-ES');
  // Every area's resources, as its screens load them once i18next has started.
  await Promise.all(Object.values(import.meta.glob('../features/**/*i18n*.ts')).map((load) => load()));
});

const keyOf = (code: string) => {
  if (!isMessageCode(code)) throw new Error(code);
  const { catalogue, key } = splitMessageCode(code);
  return `${catalogue}.errors.${key}`;
};
const text = (language: string, code: string) => i18n.getResource(language, 'translation', keyOf(code)) as unknown;

describe("the server's messages in the dashboard", () => {
  it("have an English text equal to the contract's, under the code's area and key", () => {
    for (const [code, english] of MESSAGE_TEXTS) expect(text('en-US', code), code).toBe(english);
  });

  it('are all translated into Spanish', () => {
    for (const [code, english] of MESSAGE_TEXTS) {
      const spanish = text('es-ES', code);
      expect(typeof spanish, code).toBe('string');
      expect(spanish, code).not.toBe(english);
    }
  });
});
