import { login } from '../grant.ts';
import { baseScreen, checkFields, formAgain, loginFieldsOf, valuesOf, type MethodContext, type PortalMethod } from './method.ts';
import type { AuthMethod } from '@splashboard/contract';

/**
 * Methods whose only proof is the form itself: click-through (maybe with a few questions) and WiFi4EU.
 * Their fields are checked, then the guest is let in.
 */
function formOnly(method: AuthMethod, extra?: (ctx: MethodContext) => Partial<ReturnType<typeof baseScreen>>): PortalMethod {
  return {
    method,
    screen: (ctx) => baseScreen(ctx, method, extra?.(ctx)),
    async submit(ctx, form) {
      const { errors, collected } = checkFields(ctx, loginFieldsOf(ctx, method), form);
      if (Object.keys(errors).length) return formAgain(ctx, baseScreen(ctx, method, extra?.(ctx)), form, errors);
      const outcome = await login(ctx.deps, {
        snap: ctx.snap,
        pass: ctx.pass,
        method,
        collected,
        request: ctx.request,
        overridePassword: form.override_password,
        form: withoutSecrets(form),
      });
      return outcome.answer;
    },
  };
}

export const withoutSecrets = (form: Record<string, string>) =>
  Object.fromEntries(Object.entries(form).filter(([k]) => !/password|code/i.test(k)));

export const clickthrough = formOnly('clickthrough');

export const wifi4eu = formOnly('wifi4eu', (ctx) => {
  const v = valuesOf(ctx, 'wifi4eu');
  return {
    wifi4eu: {
      networkId: String(v.network_id ?? ''),
      lang: String(v.lang ?? 'en'),
      selftest: v.selftest === true,
      snippetUrl: ctx.deps.config.wifi4euSnippetUrl,
    },
  };
});
