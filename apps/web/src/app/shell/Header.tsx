import { Burger, Group, Text, UnstyledButton } from '@mantine/core';
import type { Sistema, UserInfo } from '@vigia/contract';
import { Link } from 'react-router';
import { BrandMark } from '../../ui/BrandMark';
import { routeLinks } from '../router/links';
import classes from './Header.module.css';
import { SystemSwitcher } from './SystemSwitcher';
import { UserMenu } from './UserMenu';

interface Props {
  navOpen: boolean;
  onToggleNav: () => void;
  user: UserInfo | undefined;
  sistema: Sistema | undefined;
}

export function Header({ navOpen, onToggleNav, user, sistema }: Props) {
  return (
    <Group h="100%" px="sm" justify="space-between" wrap="nowrap" gap="sm">
      <Group gap="sm" wrap="nowrap" className={classes.start}>
        <Burger
          opened={navOpen}
          onClick={onToggleNav}
          size="sm"
          aria-label={navOpen ? 'Recolher menu' : 'Abrir menu'}
          aria-expanded={navOpen}
          aria-controls="vigia-nav"
          data-testid="nav-toggle"
        />
        <UnstyledButton
          component={Link}
          to={routeLinks.customerHomeHref()}
          className={classes.brand}
          aria-label="Vigia: sistemas"
        >
          <BrandMark size={28} />
          <Text fw={700} size="lg" visibleFrom="xs">
            Vigia
          </Text>
        </UnstyledButton>
        <SystemSwitcher user={user} sistema={sistema} />
      </Group>
      <UserMenu user={user} sistema={sistema} />
    </Group>
  );
}
