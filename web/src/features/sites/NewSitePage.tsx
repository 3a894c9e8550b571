import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useStore } from 'react-redux';
import { useSnackbar } from 'notistack';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import FormControl from '@mui/material/FormControl';
import FormLabel from '@mui/material/FormLabel';
import FormGroup from '@mui/material/FormGroup';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Checkbox from '@mui/material/Checkbox';
import Typography from '@mui/material/Typography';
import { AUTH_METHODS, type Profile, type Site } from '@splashboard/contract';
import { ApiFailure, fieldErrors, get, post } from '../../app/api.ts';
import { useAppDispatch } from '../../app/hooks.ts';
import { loadSite } from '../../app/session.ts';
import { profileLoaded, type Store } from '../../app/store.ts';
import { CenteredCard } from '../../layout/CenteredCard.tsx';

interface Meta {
  supported_routers: { id: string; name: string }[];
}

/** Create a location: name, router, login methods, and a logo and background or the choice to skip them. */
export function NewSitePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const store = useStore() as Store;
  const { enqueueSnackbar } = useSnackbar();
  const [routers, setRouters] = useState<Meta['supported_routers']>([]);
  const [name, setName] = useState('');
  const [router, setRouter] = useState('');
  const [methods, setMethods] = useState<string[]>([]);
  const [images, setImages] = useState<{ logo_image?: string; html_image?: string }>({});
  const [skip, setSkip] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    get<Meta>('/a/api/v1/meta/').then((m) => setRouters(m.supported_routers));
  }, []);
  const hasImage = Boolean(images.logo_image || images.html_image);

  const upload = async (field: 'logo_image' | 'html_image', file: File | undefined) => {
    if (!file) return;
    if (!file.type.startsWith('image/')) return setErrors({ ...errors, [field]: t('sites.imageOnly') });
    const form = new FormData();
    form.append('file', file);
    try {
      const { filelink } = await post<{ filelink: string }>('/s/api/v1/site/landingfile', form);
      setImages({ ...images, [field]: filelink });
      setSkip(false);
      setErrors({ ...errors, [field]: '' });
    } catch (err) {
      setErrors({ ...errors, [field]: err instanceof ApiFailure ? err.message : t('sites.uploadFailed') });
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const local: Record<string, string> = {};
    if (!router) local.router_type = t('sites.routerRequired');
    if (methods.length === 0) local.auth_methods = t('sites.selectOne');
    if (Object.keys(local).length) return setErrors(local);
    try {
      const site = await post<Site>('/s/api/v1/site/', {
        name,
        router_type: router,
        auth_methods: methods,
        skip_image: skip && !hasImage,
        ...images,
      });
      dispatch(profileLoaded(await get<Profile>('/a/api/v1/profile/')));
      await loadSite(store, site.id);
      navigate(`/app/reports/dashboard?site=${site.id}`);
    } catch (err) {
      setErrors(fieldErrors(err));
      enqueueSnackbar(t('sites.createFailed'), { variant: 'error' });
    }
  };

  return (
    <CenteredCard title={t('sites.newTitle')}>
      <Stack component="form" spacing={2} onSubmit={submit} noValidate>
        <TextField
          label={t('sites.name')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          required
          error={!!errors.name}
          helperText={errors.name}
        />
        <TextField
          select
          label={t('sites.router')}
          value={router}
          onChange={(e) => {
            setRouter(e.target.value);
            setErrors({ ...errors, router_type: '' });
          }}
          required
          error={!!errors.router_type}
          helperText={errors.router_type}
        >
          {routers.map((r) => (
            <MenuItem key={r.id} value={r.id}>
              {r.name}
            </MenuItem>
          ))}
        </TextField>
        <FormControl error={!!errors.auth_methods} component="fieldset">
          <FormLabel component="legend">{t('sites.authMethods')}</FormLabel>
          <FormGroup sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            {AUTH_METHODS.map((m) => (
              <FormControlLabel
                key={m}
                label={t(`sites.methods.${m}`)}
                control={
                  <Checkbox
                    checked={methods.includes(m)}
                    onChange={(e) => {
                      setMethods(e.target.checked ? [...methods, m] : methods.filter((x) => x !== m));
                      setErrors({ ...errors, auth_methods: '' });
                    }}
                  />
                }
              />
            ))}
          </FormGroup>
          {errors.auth_methods && <FormHelperText>{errors.auth_methods}</FormHelperText>}
        </FormControl>
        {(['logo_image', 'html_image'] as const).map((field) => (
          <Stack key={field} spacing={0.5}>
            <Typography variant="body2">{t(field === 'logo_image' ? 'sites.logo' : 'sites.background')}</Typography>
            {images[field] && <img src={images[field]} alt="" style={{ maxHeight: 64, maxWidth: 200, objectFit: 'contain' }} />}
            <Button variant="outlined" component="label" sx={{ alignSelf: 'flex-start' }}>
              {t('sites.upload')}
              <input
                hidden
                type="file"
                accept="image/*"
                data-testid={`upload-${field}`}
                onChange={(e) => upload(field, e.target.files?.[0])}
              />
            </Button>
            {errors[field] && <FormHelperText error>{errors[field]}</FormHelperText>}
          </Stack>
        ))}
        <FormControlLabel
          label={t('sites.skipImage')}
          control={<Checkbox checked={skip} disabled={hasImage} onChange={(e) => setSkip(e.target.checked)} />}
        />
        {errors.skip_image && <FormHelperText error>{errors.skip_image}</FormHelperText>}
        <Button type="submit" variant="contained">
          {t('sites.create')}
        </Button>
      </Stack>
    </CenteredCard>
  );
}
