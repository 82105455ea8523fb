import '@mantine/core/styles/Table.css';
import { Alert, Button, Group, Table, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { API } from '@vigia/contract/api';
import { formatDateTime, MESSAGES } from '@vigia/domain';
import { useState } from 'react';
import { useParams } from 'react-router';
import { call } from '../../../lib/api';
import { DelayedLoader } from '../../../ui/DelayedLoader';

/**
 * `/:sisId/relatorios` (main.cluster.relatorios, spec 001 §2 "Report download
 * list"): the system's report files (20), filtered by day; a download asks
 * for the file's signed URL and follows it.
 */
export function ReportFilesPage() {
  const sisId = Number(useParams().sisId);
  const [data, setData] = useState('');
  const files = useQuery({
    queryKey: ['reports', 'files', sisId, data],
    queryFn: ({ signal }) =>
      call(API.reportFiles.list, { query: { sisId, data: data || undefined } }, { signal }),
    enabled: Number.isInteger(sisId) && sisId > 0,
  });
  const download = async (bucket: string, key: string) => {
    const { downloadUrl } = await call(API.reportFiles.downloadUrl, { query: { bucket, key } });
    window.location.assign(downloadUrl);
  };

  return (
    <>
      <Title order={1} size="h2" mb="md">
        Relatórios
      </Title>
      <Group align="flex-end" mb="md">
        <TextInput
          type="date"
          label="Data"
          value={data}
          onChange={(event) => setData(event.currentTarget.value)}
          w={190}
        />
        {data && (
          <Button variant="default" onClick={() => setData('')}>
            Limpar
          </Button>
        )}
      </Group>
      {files.isError ? (
        <Alert color="red" variant="light" role="alert">
          Não foi possível carregar os relatórios.
        </Alert>
      ) : !files.data ? (
        <DelayedLoader label="Carregando os relatórios" />
      ) : files.data.arquivos.length === 0 ? (
        <Text c="dimmed" ta="center" py="lg">
          {MESSAGES.noReportForDate}
        </Text>
      ) : (
        <Table striped withTableBorder aria-label="Relatórios">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Relatório</Table.Th>
              <Table.Th scope="col">Gerado em</Table.Th>
              <Table.Th scope="col">Arquivo</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {files.data.arquivos.map((file) => (
              <Table.Tr key={file.key}>
                <Table.Td>{file.nome}</Table.Td>
                <Table.Td>{formatDateTime(file.criadoEm)}</Table.Td>
                <Table.Td>
                  <Button
                    variant="default"
                    size="xs"
                    aria-label={`Baixar ${file.nome}`}
                    onClick={() => download(file.bucket, file.key)}
                  >
                    Baixar
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </>
  );
}
