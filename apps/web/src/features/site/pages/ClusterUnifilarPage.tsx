import { Alert, Button, NativeSelect, Text, Title } from '@mantine/core';
import { deviceParams } from '@vigia/domain';
import { useState } from 'react';
import { useParams } from 'react-router';
import { DelayedLoader } from '../../../ui/DelayedLoader';
import { useNowSec } from '../../../ui/useNowSec';
import { useClusterGenerators } from '../api/get-cluster-generators';
import { SingleLineDiagram } from '../diagrams/SingleLineDiagram';
import { defaultUnifilarPlace, unifilarPlaces } from '../diagrams/unifilarPlaces';
import type { SingleLineSpec } from '../panels/types';

/** The 'unifilar' panel's drawing: the place's generators and its way to the grid. */
const PLACE_DRAWING: SingleLineSpec = { kind: 'singleLine', mains: 'auto' };

/**
 * Spec 000 §2 cluster `/unifilar`: the single-line drawing of a place of the
 * system (every generator it has), from the live readings of its generators and panels.
 */
export function ClusterUnifilarPage() {
  const sisId = Number(useParams().sisId) || 0;
  const devices = useClusterGenerators(sisId);
  const nowSec = useNowSec();
  const [chosen, setChosen] = useState<string | null>(null);
  const places = unifilarPlaces(devices.data ?? []);
  const place = places.find((p) => p.key === chosen) ?? defaultUnifilarPlace(places);

  return (
    <>
      <Title order={1} size="h2" mb={4}>
        Unifilar
      </Title>
      <Text c="gray.7" size="sm" mb="md">
        Geradores, disjuntores e a transferência para a rede de um local do sistema, com as leituras
        atuais.
      </Text>
      {devices.isError && !devices.data ? (
        <Alert
          color="red"
          variant="light"
          role="alert"
          title="Não foi possível carregar o unifilar."
        >
          <Button variant="default" size="xs" mt="xs" onClick={() => void devices.refetch()}>
            Tentar de novo
          </Button>
        </Alert>
      ) : !devices.data ? (
        <DelayedLoader />
      ) : !place ? (
        <Text c="gray.7" ta="center" py="lg">
          Nenhum gerador encontrado neste sistema.
        </Text>
      ) : (
        <>
          {places.length > 1 && (
            <NativeSelect
              label="Local"
              w={320}
              mb="md"
              value={place.key}
              data={places.map((p) => ({
                value: p.key,
                label: `${p.label} (${p.generators} ${p.generators === 1 ? 'gerador' : 'geradores'})`,
              }))}
              onChange={(event) => setChosen(event.currentTarget.value)}
            />
          )}
          <SingleLineDiagram
            title={place.label}
            spec={PLACE_DRAWING}
            view={{ device: null, peers: place.devices, params: deviceParams(undefined), nowSec }}
          />
        </>
      )}
    </>
  );
}
