import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import Checkbox from '@mui/material/Checkbox';
import { post } from '../../app/api.ts';
import { FileButton } from '../../components/FileButton.tsx';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { draftChanged } from '../../app/store.ts';
import { useErrorText } from '../../app/errorText.ts';

const FIELDS = ['logo_image', 'html_image'] as const;

/**
 * Logo and background of a new location, uploaded at once to the server, or the choice to skip them
 * (the skip-image rule: a location needs one of the two images unless the operator skips).
 */
export function SiteImages({ error }: { error?: string }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const draft = useAppSelector((s) => s.onboarding);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const errorText = useErrorText();
  const hasImage = Boolean(draft.logo_image || draft.html_image);

  const upload = async (field: (typeof FIELDS)[number], file: File | undefined) => {
    if (!file) return;
    if (!file.type.startsWith('image/')) return setErrors((e) => ({ ...e, [field]: t('sites.imageOnly') }));
    const form = new FormData();
    form.append('file', file);
    try {
      const { filelink } = await post<{ filelink: string }>('/s/api/v1/site/landingfile', form);
      dispatch(draftChanged({ [field]: filelink, skip_image: false }));
      setErrors((e) => ({ ...e, [field]: '' }));
    } catch (err) {
      setErrors((e) => ({ ...e, [field]: errorText.error(err, t('sites.uploadFailed')) }));
    }
  };

  return (
    <Stack spacing={2}>
      {FIELDS.map((field) => (
        <Stack key={field} spacing={0.5}>
          <Typography variant="body2">{t(field === 'logo_image' ? 'sites.logo' : 'sites.background')}</Typography>
          {draft[field] && (
            <img
              src={draft[field]}
              alt={t(field === 'logo_image' ? 'sites.logo' : 'sites.background')}
              style={{ maxHeight: 64, maxWidth: 200, objectFit: 'contain', alignSelf: 'flex-start' }}
            />
          )}
          <FileButton
            variant="outlined"
            sx={{ alignSelf: 'flex-start' }}
            accept="image/png,image/jpeg,image/gif,image/webp"
            inputTestId={`upload-${field}`}
            onFile={(file) => upload(field, file)}
          >
            {draft[field] ? t('sites.replace') : t('sites.upload')}
          </FileButton>
          {errors[field] && <FormHelperText error>{errors[field]}</FormHelperText>}
        </Stack>
      ))}
      {/* In a group: the Stack's spacing would reset the label's negative margin, moving the box out of line. */}
      <FormGroup>
        <FormControlLabel
          label={t('sites.skipImage')}
          control={
            <Checkbox
              checked={draft.skip_image && !hasImage}
              disabled={hasImage}
              onChange={(e) => dispatch(draftChanged({ skip_image: e.target.checked }))}
            />
          }
        />
      </FormGroup>
      {/* The rule's message goes once an image or the skip is chosen. */}
      {error && !hasImage && !draft.skip_image && <FormHelperText error>{error}</FormHelperText>}
    </Stack>
  );
}
