import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import TextField from '@mui/material/TextField';
import Autocomplete, { createFilterOptions } from '@mui/material/Autocomplete';
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

// Typing "cisco" finds Meraki as well as Cisco WLC.
const filterRouters = createFilterOptions<Router>({ stringify: (r) => `${r.vendor} ${r.name}` });

/** The router of the new location, kept in the onboarding draft: grouped by vendor, searched by typing. */
export function RouterField({ error, onChange }: { error?: string; onChange?: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const value = useAppSelector((s) => s.onboarding.router_type);
  const list = useRouters();
  return (
    <Autocomplete
      options={list}
      groupBy={(r) => r.vendor}
      getOptionLabel={(r) => r.name}
      filterOptions={filterRouters}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      value={list.find((r) => r.id === value) ?? null}
      onChange={(_e, r) => {
        dispatch(draftChanged({ router_type: r?.id ?? '' }));
        onChange?.();
      }}
      noOptionsText={t('sites.noRouter')}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('sites.router')}
          placeholder={t('sites.routerSearch')}
          required
          error={!!error}
          helperText={error}
        />
      )}
    />
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
