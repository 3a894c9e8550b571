import { describe, expect, it } from 'vitest';
import { DEFAULT_SPLASH_DESIGN, defaultFieldListOf, defaultStylesOf, normalizeLoginField } from '@splashboard/contract';
import { errorsFor, hasChanges, planSave, type Resource } from './changes.ts';

const resource = <T>(kind: Resource['kind'], url: string, original: T, draft: T, bodyKey?: string): Resource<T> => ({
  kind,
  url,
  original,
  draft,
  bodyKey,
});

describe('what a save sends', () => {
  it('sends nothing when nothing changed, even after edits that were undone', () => {
    const styles = defaultStylesOf('emailconfig');
    const resources: Record<string, Resource> = {
      design: resource('keys', '/design', DEFAULT_SPLASH_DESIGN, { ...DEFAULT_SPLASH_DESIGN }),
      'styles:emailconfig': resource('styles', '/styles', styles, { ...styles }),
      'list:emailconfig:login_fields': resource(
        'list',
        '/loginfields',
        defaultFieldListOf('emailconfig', 'login_fields'),
        defaultFieldListOf('emailconfig', 'login_fields').map((f) => ({ ...f })),
        'login_fields',
      ),
      site: resource('methods', '/site', ['email'], ['email']),
    };
    expect(planSave(resources)).toEqual([]);
    expect(hasChanges(resources)).toBe(false);
  });

  it('sends the changed keys of the design and of values, the changed non-empty styles, a changed list whole, methods first', () => {
    const styles = defaultStylesOf('emailconfig');
    const fields = defaultFieldListOf('emailconfig', 'login_fields');
    const withCustom = [...fields, normalizeLoginField({ field_type: 'custom_text', title: 'Room number' })];
    const resources: Record<string, Resource> = {
      design: resource('keys', '/design', DEFAULT_SPLASH_DESIGN, {
        ...DEFAULT_SPLASH_DESIGN,
        body_color: '#102030',
        grid_border_radius: 4,
      }),
      'values:emailconfig': resource(
        'keys',
        '/values',
        { time_limit: 60, unlimited_speed: true, usage_notification_emails: ['a@example.com'] },
        { time_limit: 90, unlimited_speed: true, usage_notification_emails: ['a@example.com'] },
      ),
      'styles:emailconfig': resource('styles', '/styles', styles, {
        ...styles,
        email_heading_htmltext: '<h2>Hello</h2>',
        // Emptied: not sent, the server keeps the stored value.
        email_loginbtn_text: '',
      }),
      'list:emailconfig:login_fields': resource('list', '/loginfields', fields, withCustom, 'login_fields'),
      site: resource('methods', '/site', ['email'], ['email', 'clickthrough']),
    };
    expect(planSave(resources)).toEqual([
      { id: 'site', url: '/site', body: { auth_methods: ['email', 'clickthrough'] } },
      { id: 'design', url: '/design', body: { body_color: '#102030', grid_border_radius: 4 } },
      { id: 'values:emailconfig', url: '/values', body: { time_limit: 90 } },
      { id: 'styles:emailconfig', url: '/styles', body: { email_heading_htmltext: '<h2>Hello</h2>' } },
      { id: 'list:emailconfig:login_fields', url: '/loginfields', body: { login_fields: withCustom } },
    ]);
  });

  it('sends an email list that changed, compared by content', () => {
    const values = resource(
      'keys',
      '/v',
      { usage_notification_emails: ['a@example.com'] },
      { usage_notification_emails: ['b@example.com'] },
    );
    expect(planSave({ v: values })[0]!.body).toEqual({ usage_notification_emails: ['b@example.com'] });
  });
});

describe('errors of a failed save, by the editor’s keys', () => {
  it('strips the list name from list errors and keeps the first message per field', () => {
    const list = resource('list', '/l', [], [], 'login_fields');
    expect(
      errorsFor(list, {
        login_fields: 'This login method needs a mandatory email field',
        'login_fields.1.regex': 'This is not a valid regular expression',
      }),
    ).toEqual({ '': 'This login method needs a mandatory email field', '1.regex': 'This is not a valid regular expression' });
    const values = resource('keys', '/v', {}, {});
    expect(
      errorsFor(values, { 'usage_notification_emails.1': 'Please enter a valid email address', unlimited_speed: 'x' }),
    ).toEqual({
      usage_notification_emails: 'Please enter a valid email address',
      unlimited_speed: 'x',
    });
    expect(errorsFor(resource('methods', '/s', [], []), { auth_methods: 'Please select at least one' })).toEqual({
      auth_methods: 'Please select at least one',
    });
  });
});
