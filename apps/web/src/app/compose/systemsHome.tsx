import { AttentionLists } from '../../features/cluster/components/AttentionLists';
import { SystemsHomePage } from '../../features/systems/pages/SystemsHomePage';

/*
 * Features do not import each other: the systems home takes the lists of what
 * is offline and alarming as a slot, and the app puts the cluster feature's in it.
 */

const renderAttention = (systemName: (sisId: number) => string | null) => (
  <AttentionLists sisId={0} systemName={systemName} />
);

/** `main.clientes.home`: the user's systems with what needs a look across them. */
export function SystemsHomeRoute() {
  return <SystemsHomePage renderAttention={renderAttention} />;
}
