import { Button, Menu, Portal } from '@chakra-ui/react';
import type { CurrentUser } from '@limo/contracts';
import { ChevronDown, LogOut, UserRound } from 'lucide-react';
import { dashboardLinkOf } from './dashboardLink';

export interface UserMenuProps {
  user: CurrentUser;
  onNavigate(to: string): void;
  onLogout(): void;
}

/** The wide header's menu of a signed-in visitor (§2): dashboards by role, and Logout. */
export default function UserMenu({ user, onNavigate, onLogout }: UserMenuProps) {
  const dashboard = dashboardLinkOf(user.role);
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <Button variant="outline" size="sm">
          <UserRound aria-hidden="true" />
          {user.username}
          <ChevronDown aria-hidden="true" />
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="48">
            {dashboard && (
              <Menu.Item value="dashboard" onSelect={() => onNavigate(dashboard.to)}>
                <dashboard.icon aria-hidden="true" /> {dashboard.label}
              </Menu.Item>
            )}
            <Menu.Item value="logout" onSelect={onLogout}>
              <LogOut aria-hidden="true" /> Logout
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
