import { usePageTitle } from '../../../lib/navigation';
import { usePlant } from '../api/get-plant';
import { useScd } from '../api/get-scd';
import { PageHeading } from './PageHeading';
import { PlaceSummary, PlaceSummaryPlaceholder } from './PlaceSummary';

interface Props {
  kind: 'usina' | 'scd';
  id: number;
  /** Also title the screen (last breadcrumb, document title) with the place's name. */
  titlesPage?: boolean;
}

const KIND_LABEL = { usina: 'Usina', scd: 'SCD' } as const;

/** A plant's or SCD's heading: its name, kind, UF (and an SCD's plant), and its totals. */
export function PlaceHeading({ kind, id, titlesPage = false }: Props) {
  const plant = usePlant(kind === 'usina' ? id : 0, kind === 'usina');
  const scd = useScd(kind === 'scd' ? id : 0, kind === 'scd');
  const place = kind === 'usina' ? plant : scd;
  usePageTitle(titlesPage ? (place.data?.nome ?? null) : null);
  const subtitle = place.data
    ? kind === 'scd' && scd.data?.usina
      ? `SCD · ${place.data.uf} · ${scd.data.usina.nome}`
      : `${KIND_LABEL[kind]} · ${place.data.uf}`
    : null;
  return (
    <PageHeading
      title={place.data?.nome ?? KIND_LABEL[kind]}
      subtitle={subtitle}
      aside={
        place.data ? (
          <PlaceSummary totals={place.data} />
        ) : (
          <PlaceSummaryPlaceholder withGenerators />
        )
      }
    />
  );
}
