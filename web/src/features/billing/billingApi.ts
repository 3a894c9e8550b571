import type {
  BillingCard,
  BillingDetails,
  ChargePreview,
  Invoice,
  PlanId,
  Plans,
  Profile,
  Subscription,
} from '@splashboard/contract';
import { get, post } from '../../app/api.ts';
import type { AppDispatch } from '../../app/store.ts';
import { profileLoaded, subscriptionLoaded } from '../../app/store.ts';
import type { SetupIntentSecret } from './PaymentElement.tsx';
import { chargePath, type ChargeFlow } from './flows.ts';

// The account's billing calls (packages/contract/src/billing.ts).
const V1 = '/a/api/v1';

export const billingApi = {
  subscription: () => get<Subscription>(`${V1}/subscription/`),
  plans: () => get<Plans>(`${V1}/plans/`),
  card: () => get<BillingCard>(`${V1}/billingcard/`),
  setupIntent: () => get<SetupIntentSecret>(`${V1}/billingcard/setup_intent`),
  saveCard: (token: string) => post<BillingCard>(`${V1}/billingcard/`, { token }),
  details: () => get<BillingDetails>(`${V1}/billingdetails/`),
  saveDetails: (body: Omit<BillingDetails, 'id'>) => post<BillingDetails>(`${V1}/billingdetails/`, body),
  invoices: () => get<{ items: Invoice[] }>(`${V1}/invoices/`),
  preview: (flow: ChargeFlow, planId: PlanId) => get<ChargePreview>(chargePath(flow, planId)),
  confirm: (flow: ChargeFlow, planId: PlanId) => post<unknown>(chargePath(flow), { plan_id: planId }),
  cancel: (reason: string, comments: string) => post<Subscription>(`${V1}/subscription/cancel`, { reason, comments }),
  portal: () => get<{ url: string }>(`${V1}/subscription/portal/session`),
};

/** Reads the profile and the subscription again into the store, so that the gate and the banners follow. */
export async function reloadAccount(dispatch: AppDispatch) {
  const [profile, subscription] = await Promise.all([get<Profile>(`${V1}/profile/`), billingApi.subscription()]);
  dispatch(profileLoaded(profile));
  dispatch(subscriptionLoaded(subscription));
  return { profile, subscription };
}
