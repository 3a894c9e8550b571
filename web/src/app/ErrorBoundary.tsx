import { Component, type ErrorInfo, type ReactNode } from 'react';
import { reportError } from './telemetry.ts';
import { Trans } from 'react-i18next';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** A crash shows the specification's fallback text instead of a blank page. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { crashed: boolean }> {
  override state = { crashed: false };
  static getDerivedStateFromError() {
    return { crashed: true };
  }
  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error);
    reportError(error, { componentStack: info.componentStack });
  }
  override render() {
    if (!this.state.crashed) return this.props.children;
    return (
      <Box role="alert" sx={{ p: 4, textAlign: 'center' }}>
        <Typography variant="h5">
          <Trans i18nKey="common.crashed" />
        </Typography>
      </Box>
    );
  }
}
