import { useTranslation } from 'react-i18next';
import Checkbox from '@mui/material/Checkbox';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { isPortalLoginMethod, type AuthMethod } from '@splashboard/contract';
import { useUnavailableLoginMethods } from '../../app/useUnavailableLoginMethods.ts';
import { LOGIN_METHODS, authMethodsFrom, loginMethodsOf, type LoginMethod } from './resources.ts';
import { useMethodName } from './labels.ts';
import { ArrowUpwardIcon, ArrowDownwardIcon, AddIcon } from '../../components/icons.ts';

interface Props {
  authMethods: string[];
  onChange(authMethods: AuthMethod[]): void;
  error?: string;
  disabled: boolean;
}

/**
 * Which login methods guests get and in which order, and whether a terms page comes first. A method the
 * server cannot serve is not offered to add: it is shown disabled with why and how to enable it.
 */
export function MethodsPicker({ authMethods, onChange, error, disabled }: Props) {
  const { t } = useTranslation();
  const methodName = useMethodName();
  const unavailable = useUnavailableLoginMethods();
  const on = loginMethodsOf(authMethods);
  const terms = authMethods.includes('atos');
  const off = LOGIN_METHODS.filter((m) => !on.includes(m) && !unavailable.includes(m));
  const blocked = LOGIN_METHODS.filter((m) => unavailable.includes(m));
  const why = (method: LoginMethod) => (method === 'facebook' ? t('splash.methods.facebookUnavailable') : '');
  const set = (login: LoginMethod[], withTerms = terms) => onChange(authMethodsFrom(login, withTerms, authMethods));
  const move = (i: number, by: number) => {
    const next = [...on];
    const [m] = next.splice(i, 1);
    next.splice(i + by, 0, m!);
    set(next);
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby="splash-methods-title" sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Stack spacing={1}>
        <Typography id="splash-methods-title" variant="h6" component="h2">
          {t('splash.methods.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('splash.methods.help')}
        </Typography>
        <Stack component="ol" aria-label={t('splash.methods.on')} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {on.map((method, i) => (
            <Stack component="li" key={method} direction="row" sx={{ alignItems: 'center', minHeight: 44 }}>
              <FormControlLabel
                sx={{ flex: 1, minWidth: 0, mr: 0 }}
                control={<Checkbox checked disabled={disabled} onChange={() => set(on.filter((m) => m !== method))} />}
                label={
                  unavailable.includes(method) ? (
                    <Stack component="span">
                      <span>{methodName(method)}</span>
                      <Typography component="span" variant="caption" color="error">
                        {t('splash.methods.unavailable')}. {t('splash.methods.removeUnavailable')}
                      </Typography>
                    </Stack>
                  ) : isPortalLoginMethod(method) ? (
                    methodName(method)
                  ) : (
                    <Stack component="span">
                      <span>{methodName(method)}</span>
                      <Typography component="span" variant="caption" color="text.secondary">
                        {t('splash.methods.notOffered')}
                      </Typography>
                    </Stack>
                  )
                }
              />
              {on.length > 1 && (
                <>
                  <IconButton
                    size="small"
                    aria-label={t('splash.methods.moveUp', { method: methodName(method) })}
                    disabled={disabled || i === 0}
                    onClick={() => move(i, -1)}
                  >
                    <ArrowUpwardIcon fontSize="small" />
                  </IconButton>
                  <IconButton
                    size="small"
                    aria-label={t('splash.methods.moveDown', { method: methodName(method) })}
                    disabled={disabled || i === on.length - 1}
                    onClick={() => move(i, 1)}
                  >
                    <ArrowDownwardIcon fontSize="small" />
                  </IconButton>
                </>
              )}
            </Stack>
          ))}
        </Stack>
        {off.length > 0 && !disabled && (
          <Stack spacing={1}>
            <Typography variant="body2" component="h3" color="text.secondary">
              {t('splash.methods.add')}
            </Typography>
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
              {off.map((method) => (
                <Chip
                  key={method}
                  variant="outlined"
                  icon={<AddIcon />}
                  label={methodName(method)}
                  aria-label={t('splash.methods.addOne', { method: methodName(method) })}
                  onClick={() => set([...on, method])}
                />
              ))}
            </Stack>
          </Stack>
        )}
        {blocked.map((method) => (
          <Alert key={method} severity="info" data-testid={`unavailable-${method}`}>
            <Stack spacing={0.5}>
              <FormControlLabel
                sx={{ m: 0 }}
                control={<Checkbox checked={on.includes(method)} disabled size="small" />}
                label={`${methodName(method)}: ${t('splash.methods.unavailable')}`}
              />
              <span>{why(method)}</span>
            </Stack>
          </Alert>
        ))}
        {error && <FormHelperText error>{error}</FormHelperText>}
        <FormControlLabel
          control={<Switch checked={terms} disabled={disabled} onChange={(e) => set(on, e.target.checked)} />}
          label={t('splash.methods.terms')}
        />
        <Typography variant="caption" color="text.secondary">
          {t('splash.methods.termsHelp')}
        </Typography>
      </Stack>
    </Paper>
  );
}
