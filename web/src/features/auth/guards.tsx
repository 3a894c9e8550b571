import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import { Navigate, useLocation } from 'react-router';
import type { PermissionName } from '@splashboard/contract';
import { useAppSelector } from '../../app/hooks.ts';
import { signedInGate, siteGuardAllows } from '../../app/gates.ts';

/** Pages for signed-out users only: a signed-in user goes to the account page (or where `to` says). */
export function SignedOutOnly({ children, to = '/app/account' }: { children: ReactNode; to?: string }) {
  const user = useAppSelector((s) => s.session.user);
  return user ? <Navigate to={to} replace /> : children;
}

/** The signed-in gate of the specification, in its order. */
export function SignedIn({ children }: { children: ReactNode }) {
  const user = useAppSelector((s) => s.session.user);
  const subscription = useAppSelector((s) => s.site.subscription);
  const { pathname } = useLocation();
  const to = signedInGate(user, subscription, '/newapp' === pathname ? '/' : pathname);
  return to && to !== pathname ? <Navigate to={to} replace /> : children;
}

/** Signed in only, with no other rule (account, new location). */
export function SignedInOnly({ children }: { children: ReactNode }) {
  const user = useAppSelector((s) => s.session.user);
  return user ? children : <Navigate to="/login" replace />;
}

/** Site-level guard: not in the control panel, and the permission held; else to the dashboard. */
export function SiteGuard({ permission, children }: { permission: PermissionName; children: ReactNode }) {
  const siteId = useAppSelector((s) => s.site.selectedSiteId);
  const permissions = useAppSelector((s) => s.site.settings?.permissions);
  return siteGuardAllows(siteId, permissions, permission) ? children : <Navigate to="/app/reports/dashboard" replace />;
}

/** Permission-only guard (pages that also work in the control panel). */
export function PermissionGuard({ permission, children }: { permission: PermissionName; children: ReactNode }) {
  const permissions = useAppSelector((s) => s.site.settings?.permissions);
  return permissions?.[permission] ? children : <Navigate to="/app/reports/dashboard" replace />;
}

/**
 * A settings form where the permission is held only at Read Only (a client's): it shows, says so, and its
 * controls are disabled (a disabled fieldset disables every input and button inside; the server refuses
 * the writes anyway).
 */
export function ReadOnlyForm({ permission, children }: { permission: PermissionName; children: ReactNode }) {
  const { t } = useTranslation();
  const readOnly = useAppSelector((s) => s.site.settings?.read_only?.includes(permission) ?? false);
  if (!readOnly) return children;
  return (
    <>
      <Alert severity="info" sx={{ mb: 2 }}>
        {t('common.readOnlyForm')}
      </Alert>
      <fieldset disabled data-testid="read-only-form" style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        {children}
      </fieldset>
    </>
  );
}
