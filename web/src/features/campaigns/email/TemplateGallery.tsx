import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { z } from 'zod';
import type { campaignTemplateListSchema } from '@splashboard/contract';
import { get } from '../../../app/api.ts';

type Gallery = z.infer<typeof campaignTemplateListSchema>;
type TemplateSummary = Gallery['templates'][number];

/** A template's look, drawn in a sandboxed frame (no scripts, no access to the dashboard). */
function Thumbnail({ html, title }: { html: string; title: string }) {
  return (
    <Box sx={{ height: 220, overflow: 'hidden', borderBottom: 1, borderColor: 'divider', bgcolor: '#fff' }}>
      <Box
        component="iframe"
        title={title}
        sandbox=""
        srcDoc={html}
        tabIndex={-1}
        sx={{ width: 600, height: 880, border: 0, transform: 'scale(0.25)', transformOrigin: '0 0', pointerEvents: 'none' }}
      />
    </Box>
  );
}

/** The six templates in the dashboard's language, and "Start from scratch": `onChoose` gets an id or 'scratch'. */
export function TemplateGallery({ api, onChoose }: { api: string; onChoose: (id: string) => void }) {
  const { t, i18n } = useTranslation();
  const [templates, setTemplates] = useState<TemplateSummary[] | null>(null);
  const [failed, setFailed] = useState(false);
  const lang = i18n.language.startsWith('es') ? 'es' : 'en';

  useEffect(() => {
    get<Gallery>(`${api}/templates?lang=${lang}`).then(
      (g) => setTemplates(g.templates),
      () => setFailed(true),
    );
  }, [api, lang]);

  const card = (id: string, name: string, description: string, html: string | null) => (
    <Card key={id} variant="outlined" sx={{ width: { xs: '100%', sm: 260 }, display: 'flex', flexDirection: 'column' }}>
      {html !== null ? (
        <Thumbnail html={html} title={t('campaigns.email.gallery.preview', { name })} />
      ) : (
        <Box sx={{ height: 220, borderBottom: 1, borderColor: 'divider', bgcolor: 'action.hover' }} />
      )}
      <CardContent sx={{ flex: 1 }}>
        <Typography variant="h6" component="h2">
          {name}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {description}
        </Typography>
      </CardContent>
      <CardActions>
        <Button onClick={() => onChoose(id)} aria-label={`${t('campaigns.email.gallery.use')}: ${name}`}>
          {t('campaigns.email.gallery.use')}
        </Button>
      </CardActions>
    </Card>
  );

  return (
    <Stack spacing={2}>
      <Typography color="text.secondary">{t('campaigns.email.gallery.intro')}</Typography>
      {failed && <Alert severity="error">{t('campaigns.email.gallery.loadFailed')}</Alert>}
      <Stack direction="row" useFlexGap spacing={2} sx={{ flexWrap: 'wrap' }}>
        {card('scratch', t('campaigns.email.gallery.scratch'), t('campaigns.email.gallery.scratchDescription'), null)}
        {templates?.map((tpl) => card(tpl.id, tpl.name, tpl.description, tpl.preview_html))}
      </Stack>
    </Stack>
  );
}
