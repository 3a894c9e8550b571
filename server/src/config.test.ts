import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, loadConfig } from './config.ts';

const readme = readFileSync(path.resolve(import.meta.dirname, '../../README.md'), 'utf8');
const settingsSection = readme.slice(readme.indexOf('## Settings'), readme.indexOf('\n## ', readme.indexOf('## Settings') + 1));

describe('settings', () => {
  it('documents every environment variable in the README settings table', () => {
    expect(CONFIG_VARIABLES.length).toBeGreaterThan(20);
    expect(CONFIG_VARIABLES.filter((v) => !settingsSection.includes(`\`${v}\``))).toEqual([]);
  });

  it('stops on a wrong value with a message naming the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ RATE_LIMIT_REGISTRATIONS_PER_IP: '0' })).toThrow(/RATE_LIMIT_REGISTRATIONS_PER_IP/);
  });
});
