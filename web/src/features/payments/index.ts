import { createElement, lazy } from 'react';
import { Navigate } from 'react-router';
import type { Feature, PageGuard } from '../../app/feature.ts';

const paymentPages = () => import('./pages.ts');
const PackagesPage = lazy(() => paymentPages().then((m) => ({ default: m.PackagesPage })));
const PackageFormPage = lazy(() => paymentPages().then((m) => ({ default: m.PackageFormPage })));
const TransactionsPage = lazy(() => paymentPages().then((m) => ({ default: m.TransactionsPage })));
const AccountsPage = lazy(() => paymentPages().then((m) => ({ default: m.AccountsPage })));
const AccountDetailsPage = lazy(() => paymentPages().then((m) => ({ default: m.AccountDetailsPage })));
const CustomerPortalPage = lazy(() => paymentPages().then((m) => ({ default: m.CustomerPortalPage })));

const guard: PageGuard = { kind: 'site', permission: 'payment' };
/** The package forms: a Read Only client who opens one by its address sees it disabled. */
const form: PageGuard = { ...guard, form: true };
const packageForm = (trial: boolean) => () => createElement(PackageFormPage, { trial });

/** Paid Wi-Fi: packages, transactions, payment accounts, and the customer portal's settings page. */
export const payments: Feature = {
  routes: [
    // The menu group's own address: its first page, behind the same permission.
    { path: '/app/payment', guard, element: () => createElement(Navigate, { to: '/app/payment/packages', replace: true }) },
    { path: '/app/payment/packages', guard, page: PackagesPage },
    { path: '/app/payment/create', guard: form, element: packageForm(false) },
    { path: '/app/payment/edit/:id', guard: form, element: packageForm(false) },
    { path: '/app/payment/create-trial', guard: form, element: packageForm(true) },
    { path: '/app/payment/edit-trial/:id', guard: form, element: packageForm(true) },
    { path: '/app/payment/transactions', guard, page: TransactionsPage },
    { path: '/app/payment/accounts', guard, page: AccountsPage },
    {
      path: '/app/payment/accounts/details/:id/:page/:rowsPerPage/:fromDate/:toDate/:search?',
      guard,
      page: AccountDetailsPage,
    },
    { path: '/app/settings-view/customer-portal', guard, page: CustomerPortalPage },
  ],
  menu: [
    {
      menu: 'site',
      position: 70,
      label: 'menu.payments',
      path: '/app/payment',
      permission: 'payment',
      children: [
        { label: 'menu.packages', path: '/app/payment/packages', permission: 'payment' },
        { label: 'menu.transactions', path: '/app/payment/transactions', permission: 'payment' },
        { label: 'menu.accounts', path: '/app/payment/accounts', permission: 'payment' },
      ],
    },
  ],
};
