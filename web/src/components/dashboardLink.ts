import { LayoutDashboard, ShieldCheck, type LucideIcon } from 'lucide-react';
import { homeForRole } from '../lib/session';

/** The link of a signed-in account's menu to its dashboard, by role: none for other roles. */
export function dashboardLinkOf(role: string): { to: string; label: string; icon: LucideIcon } | undefined {
  if (role === 'admin') return { to: homeForRole(role), label: 'Admin Dashboard', icon: ShieldCheck };
  if (role === 'business') return { to: homeForRole(role), label: 'My Dashboard', icon: LayoutDashboard };
  return undefined;
}
