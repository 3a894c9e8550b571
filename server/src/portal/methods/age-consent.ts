import type { LoginField } from '@splashboard/contract';
import { login } from '../grant.ts';
import { baseScreen, checkFields, formAgain, loginFieldsOf, valuesOf, type MethodContext, type PortalMethod } from './method.ts';
import { withoutSecrets } from './simple.ts';

/** The birthday is asked in the method's own format, and must show the minimum age (18 unless set). */
function fieldsOf(ctx: MethodContext): LoginField[] {
  const format = String(valuesOf(ctx, 'ageconsent').birthday_format ?? 'DD/MM/YYYY');
  return loginFieldsOf(ctx, 'ageconsent').map((f) =>
    f.field_type === 'birthday' ? { ...f, format: format as LoginField['format'] } : f,
  );
}

export const ageConsent: PortalMethod = {
  method: 'ageconsent',
  screen: (ctx) => baseScreen(ctx, 'ageconsent', { fields: fieldsOf(ctx) }),
  async submit(ctx, form) {
    const minAge = Number(valuesOf(ctx, 'ageconsent').min_allowed_age) || 18;
    const fields = fieldsOf(ctx);
    const { errors, collected } = checkFields(ctx, fields, form, minAge);
    if (Object.keys(errors).length) return formAgain(ctx, baseScreen(ctx, 'ageconsent', { fields }), form, errors);
    const outcome = await login(ctx.deps, {
      snap: ctx.snap,
      pass: ctx.pass,
      method: 'ageconsent',
      collected,
      request: ctx.request,
      overridePassword: form.override_password,
      form: withoutSecrets(form),
    });
    return outcome.answer;
  },
};
