import { describe, expect, it } from 'vitest';
import type { Profile } from '@splashboard/contract';
import { loadChatWidget } from './vendorWidgets.ts';

const user = (chat: boolean) =>
  ({ email: 'a@b.test', name: 'A', crisp_hash: 'h', permissions: { chat_widget: chat } }) as unknown as Profile;

describe('chat widget', () => {
  it('adds nothing when the server has not configured it', () => {
    expect(loadChatWidget({ crisp_site_id: '' }, user(true))).toBe(false);
    expect(document.getElementById('crisp-widget')).toBeNull();
  });
  it('adds nothing for a user without the chat_widget permission', () => {
    expect(loadChatWidget({ crisp_site_id: 'site-1' }, user(false))).toBe(false);
    expect(document.getElementById('crisp-widget')).toBeNull();
  });
  it('loads once, identified by email and its verification hash, when configured', () => {
    expect(loadChatWidget({ crisp_site_id: 'site-1' }, user(true))).toBe(true);
    expect(loadChatWidget({ crisp_site_id: 'site-1' }, user(true))).toBe(true);
    expect(document.querySelectorAll('#crisp-widget')).toHaveLength(1);
    expect(window.CRISP_WEBSITE_ID).toBe('site-1');
    expect(window.$crisp).toContainEqual(['set', 'user:email', ['a@b.test', 'h']]);
  });
});
