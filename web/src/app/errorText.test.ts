import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderHook } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { z } from 'zod';
import { guestAccountCreateSchema } from '@splashboard/contract';
import { ApiFailure } from './api.ts';
import { initI18n, setLanguage } from './i18n.ts';
import { translateError, translateField, useErrorText } from './errorText.ts';

let i18n: I18n;
beforeAll(async () => {
  i18n = initI18n('es-ES');
  await setLanguage('es-ES');
  // Two areas' resources, as their screens load them; the dashboard's are not loaded.
  await import('../features/guest-accounts/i18n.ts');
  await import('../features/whitelist/i18n.ts');
});
afterAll(() => i18n.changeLanguage('en-US'));

const failure = (answer: Partial<ApiFailure['error']>) =>
  new ApiFailure({ status: 422, message: 'Please correct the highlighted fields', schema_errors: {}, code: '', ...answer });

describe('an error answer', () => {
  it('is worded by its code in the dashboard’s language', () => {
    expect(translateError(i18n, { code: 'common.notFound', message: 'Not found' })).toBe('No encontrado');
  });

  it('has its values filled in', () => {
    const answer = {
      code: 'guestAccounts.missingColumns',
      params: { columns: 'username, password' },
      message: 'The header row needs the columns: username, password',
    };
    expect(translateError(i18n, answer)).toBe('La fila de cabecera necesita las columnas: username, password');
  });

  it('is shown as it came for a code that is unknown, missing or not loaded', () => {
    expect(translateError(i18n, { code: 'common.noSuchThing', message: 'Something new' })).toBe('Something new');
    expect(translateError(i18n, { code: 'common', message: 'Odd' })).toBe('Odd');
    expect(translateError(i18n, { message: 'No code' })).toBe('No code');
    const notLoaded = { code: 'dashboard.tooLong', message: 'Choose a period of at most 366 days' };
    expect(translateError(i18n, notLoaded)).toBe('Choose a period of at most 366 days');
  });
});

describe("a field's message", () => {
  it('is found by its exact English text', () => {
    expect(translateField(i18n, 'Please enter a valid email address')).toBe('Introduce un correo electrónico válido');
    expect(translateField(i18n, 'This username is already taken at this site')).toBe('Este usuario ya existe en esta ubicación');
  });

  it('takes the translation of whichever catalogue with its text is loaded', () => {
    // Guest accounts, guests and the whitelist say it alike; the guests' resources are not loaded.
    expect(translateField(i18n, 'Enter a MAC address such as AA:BB:CC:DD:EE:FF')).toBe(
      'Introduce una dirección MAC como AA:BB:CC:DD:EE:FF',
    );
    expect(translateField(i18n, 'Download not found')).toBe('Download not found');
  });

  it("is worded by the field's bound when it names one", () => {
    expect(translateField(i18n, 'At least 1', { min: 1, max: 100 })).toBe('Como mínimo 1');
    expect(translateField(i18n, 'At most 100', { min: 1, max: 100 })).toBe('Como máximo 100');
    expect(translateField(i18n, 'At least 2', { min: 1, max: 100 })).toBe('At least 2');
    expect(translateField(i18n, 'Enter a whole number', { min: 1 })).toBe('Introduce un número entero');
  });

  it('is shown as it came when it is not a catalogue text as it is', () => {
    expect(translateField(i18n, 'At least 1')).toBe('At least 1');
    expect(translateField(i18n, 'please enter a valid email address')).toBe('please enter a valid email address');
    expect(translateField(i18n, '')).toBe('');
  });
});

describe('useErrorText', () => {
  it('words a failed call and each field, and anything else by the fallback', () => {
    const { result } = renderHook(() => useErrorText());
    const err = failure({ code: 'common.validation', schema_errors: { email: ['Please enter a valid email address'] } });
    expect(result.current.error(err, 'fallback')).toBe('Corrige los campos marcados');
    expect(result.current.error(new Error('boom'), 'fallback')).toBe('fallback');
    expect(result.current.fields({ email: 'Please enter a valid email address', other: 'Odd' })).toEqual({
      email: 'Introduce un correo electrónico válido',
      other: 'Odd',
    });
  });

  it("words a shared schema's issues: a catalogue's message as it is, a bound by its kind and bound", () => {
    const { result } = renderHook(() => useErrorText());
    const parsed = guestAccountCreateSchema.safeParse({ username: 'ab', password: 'x'.repeat(7), num_devices: 0, speed_ul: 1e9 });
    expect(result.current.issues(parsed.error!)).toEqual({
      username: 'Usa de 3 a 64 letras, números o . _ - @ + (sin espacios)',
      num_devices: 'Como mínimo 1',
      speed_ul: 'Como máximo 10000000',
    });
    // A bound with words of its own keeps them.
    const own = z.object({ name: z.string().min(3, 'Say more') }).safeParse({ name: 'a' });
    expect(result.current.issues(own.error!)).toEqual({ name: 'Say more' });
  });
});
