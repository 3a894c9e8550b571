import { createElement, lazy } from 'react';
import type { Feature, FeatureRoute, MenuEntry } from '../../app/feature.ts';

const voucherPages = () => import('./pages.ts');
const ManagePage = lazy(() => voucherPages().then((m) => ({ default: m.ManagePage })));
const CreatePage = lazy(() => voucherPages().then((m) => ({ default: m.CreatePage })));
const DesignPage = lazy(() => voucherPages().then((m) => ({ default: m.DesignPage })));
const DetailsPage = lazy(() => voucherPages().then((m) => ({ default: m.DetailsPage })));

/** The two voucher areas: the same screens for single-site and multi-site vouchers. */
const VOUCHER_AREAS = [
  { base: '/app/voucher', kind: 'voucher', permission: 'voucher', label: 'menu.vouchers', position: 60 },
  {
    base: '/app/voucher/multisite',
    kind: 'multisite_voucher',
    permission: 'multisitevoucher',
    label: 'menu.multiSiteVouchers',
    position: 50,
  },
] as const;

type VoucherArea = (typeof VOUCHER_AREAS)[number];

const areaRoutes = ({ base, kind, permission }: VoucherArea): FeatureRoute[] => {
  const guard = { kind: 'site', permission } as const;
  return [
    { path: `${base}/manage`, guard, element: () => createElement(ManagePage, { kind }) },
    // A Read Only client who opens the create form by its address sees it disabled.
    { path: `${base}/create`, guard: { ...guard, form: true }, element: () => createElement(CreatePage, { kind }) },
    { path: `${base}/design`, guard, element: () => createElement(DesignPage, { kind }) },
    { path: `${base}/details/:id?`, guard, element: () => createElement(DetailsPage, { kind }) },
  ];
};

const areaMenuEntry = ({ base, permission, label, position }: VoucherArea): MenuEntry => ({
  menu: 'site',
  position,
  label,
  path: `${base}/manage`,
  permission,
});

export const vouchers: Feature = {
  routes: VOUCHER_AREAS.flatMap(areaRoutes),
  menu: VOUCHER_AREAS.map(areaMenuEntry),
};
