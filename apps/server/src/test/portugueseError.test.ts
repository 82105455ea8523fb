import { MESSAGES } from '@vigia/domain';
import { describe, expect, it } from 'vitest';
import { notPortugueseError } from './portugueseError.js';

const body = (value: object) => JSON.stringify(value);

describe('notPortugueseError (the fuzz suite’s 4xx check)', () => {
  it('accepts the catalogue’s texts, an OAuth code with a pt-BR description and invalid_token on 401', () => {
    for (const text of Object.values(MESSAGES)) {
      expect(notPortugueseError(400, body({ error: text }))).toBeNull();
    }
    expect(
      notPortugueseError(
        400,
        body({ error: 'invalid_grant', error_description: MESSAGES.invalidCredentials }),
      ),
    ).toBeNull();
    expect(notPortugueseError(401, body({ error: 'invalid_token' }))).toBeNull();
  });

  it('refuses Fastify’s and Node’s English texts, English words, codes alone and bodies without error', () => {
    expect(notPortugueseError(404, body({ error: 'Not Found' }))).toMatch(/framework/);
    expect(notPortugueseError(404, body({ error: 'Route GET:/x not found' }))).toMatch(/inglês/);
    expect(
      notPortugueseError(
        400,
        body({ error: "Body cannot be empty when content-type is set to 'application/json'" }),
      ),
    ).toMatch(/framework/);
    expect(notPortugueseError(400, body({ error: 'querystring/id must be integer' }))).toMatch(
      /inglês/,
    );
    expect(notPortugueseError(400, body({ error: 'invalid_grant' }))).toMatch(/error_description/);
    expect(notPortugueseError(403, body({ error: 'invalid_token' }))).toMatch(/error_description/);
    expect(notPortugueseError(400, body({ message: MESSAGES.invalidRequest }))).toMatch(
      /sem `error`/,
    );
    expect(notPortugueseError(413, 'Payload Too Large')).toMatch(/JSON/);
  });
});
