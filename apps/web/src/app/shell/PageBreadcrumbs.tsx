import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { Crumb } from '../router/links';
import classes from './PageBreadcrumbs.module.css';

export function PageBreadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
  return (
    <nav aria-label="Trilha de navegação">
      <Breadcrumbs
        separatorMargin={6}
        mb="md"
        classNames={{ root: classes.root, breadcrumb: classes.crumb, separator: classes.separator }}
      >
        {crumbs.map((crumb, index) =>
          crumb.href ? (
            <Anchor key={crumb.routeId} component={Link} to={crumb.href} size="sm" c="gray.7">
              {crumb.label}
            </Anchor>
          ) : (
            <Text
              key={crumb.routeId}
              size="sm"
              c={index === crumbs.length - 1 ? 'gray.9' : 'gray.7'}
              fw={index === crumbs.length - 1 ? 600 : 400}
              className={index === crumbs.length - 1 ? classes.current : undefined}
              aria-current={index === crumbs.length - 1 ? 'page' : undefined}
            >
              {crumb.label}
            </Text>
          ),
        )}
      </Breadcrumbs>
    </nav>
  );
}
