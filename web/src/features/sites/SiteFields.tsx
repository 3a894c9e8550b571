import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import TextField from '@mui/material/TextField';
import Stack from '@mui/material/Stack';
import FormControl from '@mui/material/FormControl';
import FormLabel from '@mui/material/FormLabel';
import FormGroup from '@mui/material/FormGroup';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Checkbox from '@mui/material/Checkbox';
import { ROUTER_VENDORS, type AuthMethod } from '@splashboard/contract';
import { loadMeta } from '../../app/meta.ts';
import { useUnavailableLoginMethods } from '../../app/useUnavailableLoginMethods.ts';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { draftChanged, methodToggled } from '../../app/store.ts';

type Router = { id: string; name: string; vendor: string };

const vendorOf = (id: string, name: string) => (ROUTER_VENDORS as Record<string, string | undefined>)[id] ?? name;

/** The routers the server supports (from the meta call), by vendor and then name. */
function useRouters() {
  const [list, setList] = useState<Router[]>([]);
  useEffect(() => {
    loadMeta().then(
      (m) =>
        setList(
          m.supported_routers
            .map((r) => ({ ...r, vendor: vendorOf(r.id, r.name) }))
            .sort((a, b) => a.vendor.localeCompare(b.vendor) || a.name.localeCompare(b.name)),
        ),
      () => setList([]),
    );
  }, []);
  return list;
}

/** The routers a search finds ("cisco" finds Meraki as well as Cisco WLC), by vendor; the chosen one always stays. */
function groupsOf(list: Router[], query: string, chosen: string): [string, Router[]][] {
  const q = query.trim().toLowerCase();
  const shown = list.filter((r) => !q || r.id === chosen || `${r.vendor} ${r.name}`.toLowerCase().includes(q));
  const groups = new Map<string, Router[]>();
  for (const r of shown) groups.set(r.vendor, [...(groups.get(r.vendor) ?? []), r]);
  return [...groups];
}

/**
 * The router of the new location, kept in the onboarding draft: a search box above the browser's own select,
 * grouped by vendor (light to load with the shell, and a phone shows its own picker).
 */
export function RouterField({ error, onChange }: { error?: string; onChange?: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const value = useAppSelector((s) => s.onboarding.router_type);
  const list = useRouters();
  const [query, setQuery] = useState('');
  const groups = groupsOf(list, query, value);
  const none = query.trim() !== '' && groups.every(([, routers]) => routers.every((r) => r.id === value));
  return (
    <Stack spacing={1.5}>
      <TextField
        type="search"
        size="small"
        label={t('sites.routerSearchLabel')}
        placeholder={t('sites.routerSearch')}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        helperText={none ? t('sites.noRouter') : undefined}
      />
      <TextField
        select
        required
        label={t('sites.router')}
        value={list.length ? value : ''}
        onChange={(e) => {
          dispatch(draftChanged({ router_type: e.target.value }));
          onChange?.();
        }}
        error={!!error}
        helperText={error}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        <option value="" disabled>
          {t('sites.routerChoose')}
        </option>
        {groups.map(([vendor, routers]) => (
          <optgroup key={vendor} label={vendor}>
            {routers.map((r) => (
              <option key={r.id} value={r.id}>
                {r.name}
              </option>
            ))}
          </optgroup>
        ))}
      </TextField>
    </Stack>
  );
}

/** Check boxes for some of the guest login methods, kept in the onboarding draft. */
export function MethodChecks({
  methods,
  label,
  error,
  onChange,
}: {
  methods: readonly AuthMethod[];
  label: string;
  error?: string;
  onChange?: () => void;
}) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const chosen = useAppSelector((s) => s.onboarding.auth_methods);
  // A method the server cannot serve is shown, disabled, with why (the designer says how to enable it).
  const unavailable = useUnavailableLoginMethods();
  return (
    <FormControl error={!!error} component="fieldset">
      <FormLabel component="legend">{label}</FormLabel>
      <FormGroup sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {methods.map((m) => (
          <FormControlLabel
            key={m}
            label={
              unavailable.includes(m) ? `${t(`sites.methods.${m}`)} (${t('sites.methodUnavailable')})` : t(`sites.methods.${m}`)
            }
            disabled={unavailable.includes(m) && !chosen.includes(m)}
            control={
              <Checkbox
                checked={chosen.includes(m)}
                onChange={(e) => {
                  dispatch(methodToggled({ method: m, on: e.target.checked }));
                  onChange?.();
                }}
              />
            }
          />
        ))}
      </FormGroup>
      {error && <FormHelperText>{error}</FormHelperText>}
    </FormControl>
  );
}
