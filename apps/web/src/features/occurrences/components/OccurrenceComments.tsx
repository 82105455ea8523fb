import { Alert, Button, Group, Loader, Stack, Text, Textarea, Title } from '@mantine/core';
import type { OccurrenceComment } from '@vigia/contract';
import { formatDateTime, MAX_COMMENT_LENGTH, MESSAGES, validateComment } from '@vigia/domain';
import { useId, useState } from 'react';
import { confirm } from '../../../ui/confirm';
import { useAddOccurrenceComment } from '../api/add-occurrence-comment';
import { useDeleteOccurrenceComment } from '../api/delete-occurrence-comment';
import { type CommentedOccurrence, useOccurrenceComments } from '../api/get-occurrence-comments';

/**
 * The comments of an occurrence (issue 17): author and time, oldest first,
 * a field to add one, and 'Apagar' on the reader's own (spec 001 §8:
 * 'Deseja realmente apagar esse comentário?'). Live: another console's
 * comment appears at once.
 */
export function OccurrenceComments({ occurrence }: { occurrence: CommentedOccurrence }) {
  const headingId = useId();
  const comments = useOccurrenceComments(occurrence);
  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Title order={3} size="h5" id={headingId}>
        Comentários
      </Title>
      {comments.isPending ? (
        <Group gap="xs">
          <Loader size="xs" color="gray" />
          <Text size="sm" c="gray.7">
            Carregando comentários…
          </Text>
        </Group>
      ) : comments.isError ? (
        <Alert color="red" variant="light" role="alert">
          Não foi possível carregar os comentários.
        </Alert>
      ) : comments.data.length === 0 ? (
        <Text size="sm" c="gray.7">
          Nenhum comentário.
        </Text>
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {comments.data.map((comment) => (
            <CommentItem key={comment.id} comment={comment} occurrenceId={occurrence.id} />
          ))}
        </Stack>
      )}
      <NewComment occurrenceId={occurrence.id} />
    </Stack>
  );
}

function CommentItem({
  comment,
  occurrenceId,
}: {
  comment: OccurrenceComment;
  occurrenceId: number;
}) {
  const remove = useDeleteOccurrenceComment(occurrenceId);
  const ask = async () => {
    if (await confirm({ message: MESSAGES.commentDeleteConfirm, danger: true })) {
      remove.mutate(comment.id);
    }
  };
  return (
    <li
      data-testid="comentario"
      style={{
        border: '1px solid var(--mantine-color-gray-3)',
        borderRadius: 'var(--mantine-radius-sm)',
        padding: '8px 10px',
      }}
    >
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <Text size="xs" c="gray.7">
          <Text span fw={600} c="gray.9" size="xs">
            {comment.autor.nome}
          </Text>{' '}
          · {formatDateTime(comment.criadoEm)}
        </Text>
        {comment.proprio && (
          <Button
            variant="subtle"
            color="red"
            size="compact-xs"
            onClick={() => void ask()}
            loading={remove.isPending}
            aria-label={`Apagar comentário de ${formatDateTime(comment.criadoEm)}`}
          >
            Apagar
          </Button>
        )}
      </Group>
      <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {comment.texto}
      </Text>
    </li>
  );
}

function NewComment({ occurrenceId }: { occurrenceId: number }) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const add = useAddOccurrenceComment(occurrenceId);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        const invalid = validateComment(text);
        setProblem(invalid);
        if (invalid) return;
        add.mutate(text.trim(), { onSuccess: () => setText('') });
      }}
    >
      <Stack gap="xs">
        <Textarea
          label="Novo comentário"
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          maxLength={MAX_COMMENT_LENGTH}
          rows={3}
          error={problem}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={add.isPending}>
            Comentar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
