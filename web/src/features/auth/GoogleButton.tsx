import { useEffect, useState, type ComponentType } from 'react';
import { loadMeta } from '../../app/meta.ts';

type LinkProps = { intent: 'login' | 'register'; plan?: string };

/**
 * "Sign in with Google" (or "Sign up with Google" on the register page), shown only when the server has a
 * Google client (its meta's `google_sign_in`). A plain link: the server sends the browser on to Google.
 */
export function GoogleButton(props: LinkProps) {
  const [Link, setLink] = useState<ComponentType<LinkProps> | null>(null);
  useEffect(() => {
    let live = true;
    // The button and its texts load only when it shows (the sign-in page is in the first chunk; they need not be).
    loadMeta()
      .then(async (meta) => {
        if (!meta.google_sign_in) return;
        const { GoogleSignInLink } = await import('./GoogleSignInLink.tsx');
        if (live) setLink(() => GoogleSignInLink);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return Link ? <Link {...props} /> : null;
}
