import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { Crumb } from '../router/links';

export function PageBreadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
  return (
    <nav aria-label="Trilha de navegação">
      {/* A long trail wraps on a phone instead of widening the page. */}
      <Breadcrumbs
        separatorMargin={6}
        mb="md"
        styles={{
          root: { rowGap: 4 },
          breadcrumb: { whiteSpace: 'normal', overflowWrap: 'anywhere', lineHeight: 1.3 },
        }}
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
