import { join, resolve, sep } from 'node:path';

/**
 * Report files live in a local folder (`{dataDir}/relatorios` by default), one
 * sub-folder per bucket. A key never leaves its bucket's folder.
 */
export function reportFilePath(folder: string, bucket: string, key: string): string {
  const base = resolve(folder, bucket);
  const path = resolve(base, key);
  if (!path.startsWith(base + sep)) throw new Error(`chave fora do bucket: ${key}`);
  return path;
}

export function defaultReportFolder(dataDir: string): string {
  return join(dataDir, 'relatorios');
}
