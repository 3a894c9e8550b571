import { useState, type FormEvent } from 'react';
import type { Profile } from '@splashboard/contract';

/** The sign-in form; the dashboard shell (issue 3) grows around it. */
export function SignIn() {
  const [user, setUser] = useState<Profile | null>(null);
  const [error, setError] = useState('');

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const res = await fetch('/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: form.get('email'), password: form.get('password') }),
    });
    const body = await res.json();
    if (res.ok && body.user) setUser(body.user);
    else setError(body.message ?? body.error ?? 'Sorry Some error happened while logging you in');
  }

  if (user) return <p>{user.name}</p>;
  return (
    <form onSubmit={submit}>
      <input name="email" type="email" autoComplete="username" required />
      <input name="password" type="password" autoComplete="current-password" required />
      <button type="submit">Sign in</button>
      {error && <p role="alert">{error}</p>}
    </form>
  );
}
