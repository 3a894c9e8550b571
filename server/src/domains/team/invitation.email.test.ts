import { describe, expect, it } from 'vitest';
import { invitationEmail } from './invitation.email.ts';

const base = {
  accountName: 'Cafés <Sol>',
  inviterName: 'Olivia',
  link: 'http://team.test/newapp/invite/abc?x=1&y=2',
  expiresAt: new Date('2026-12-04T10:30:00Z'),
};

describe('the invitation email', () => {
  it('says who invites to which account, the link and until when, in English or Spanish', () => {
    const en = invitationEmail('en-US', base);
    expect(en.subject).toBe('You are invited to Cafés <Sol> on Splashboard');
    expect(en.text).toContain('Olivia has invited you to manage the guest Wi-Fi of Cafés <Sol> on Splashboard.');
    expect(en.text).toContain('http://team.test/newapp/invite/abc?x=1&y=2');
    expect(en.text).toContain('December 4, 2026');
    expect(en.html).toContain('Cafés &#60;Sol&#62;');
    expect(en.html).toContain('href="http://team.test/newapp/invite/abc?x=1&#38;y=2"');
    const es = invitationEmail('es-ES', base);
    expect(es.subject).toBe('Te han invitado a Cafés <Sol> en Splashboard');
    expect(es.text).toContain('Aceptar la invitación');
    expect(es.text).toContain('4 de diciembre de 2026');
  });

  it('takes the account’s own subject and message, escaped in the HTML, and keeps its own otherwise', () => {
    const own = invitationEmail('en-US', {
      ...base,
      texts: { subject: 'Join <us>', message: 'Hello!\n\nWe use <b>Splashboard</b>.' },
    });
    expect(own.subject).toBe('Join <us>');
    expect(own.text.startsWith('Hello!\n\nWe use <b>Splashboard</b>.')).toBe(true);
    expect(own.html).toContain('<p>Hello!</p><p>We use &#60;b&#62;Splashboard&#60;/b&#62;.</p>');
    expect(own.text).toContain('http://team.test/newapp/invite/abc?x=1&y=2');
    const blank = invitationEmail('en-US', { ...base, texts: { subject: '  ', message: '' } });
    expect(blank.subject).toBe('You are invited to Cafés <Sol> on Splashboard');
  });
});
