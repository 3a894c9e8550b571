import type { OutgoingEmail } from '../../platform/mailer.ts';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function verificationEmail(to: string, link: string): OutgoingEmail {
  return {
    to,
    subject: 'Confirm your email for Splashboard',
    text: `Welcome to Splashboard.\n\nConfirm your email address by opening this link:\n${link}\n\nThe link is valid for 48 hours. If you did not ask for it, ignore this email.`,
    html: `<p>Welcome to Splashboard.</p><p><a href="${escape(link)}">Confirm your email address</a></p><p>The link is valid for 48 hours. If you did not ask for it, ignore this email.</p>`,
  };
}

export function alreadyRegisteredEmail(to: string, loginLink: string): OutgoingEmail {
  return {
    to,
    subject: 'You already have a Splashboard account',
    text: `Someone asked to register this email address, and it already has an account.\nSign in here:\n${loginLink}\n\nIf it was not you, ignore this email.`,
    html: `<p>Someone asked to register this email address, and it already has an account.</p><p><a href="${escape(loginLink)}">Sign in</a></p><p>If it was not you, ignore this email.</p>`,
  };
}
