import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../test-support/tenants';
import { dockerfileProblems, parseDockerfile } from './dockerfile-rules';

describe('Dockerfile rules', () => {
  it("the project's Dockerfile keeps them all", () => {
    expect(dockerfileProblems(readFileSync(join(repoRoot, 'Dockerfile'), 'utf8'))).toEqual([]);
  });

  it('joins continuation lines and skips comments', () => {
    const parsed = parseDockerfile('FROM node:20 AS build\n# a comment\nRUN apt-get update \\\n # inside\n && echo hi\n');
    expect(parsed).toEqual([
      { line: 1, keyword: 'FROM', args: 'node:20 AS build' },
      { line: 3, keyword: 'RUN', args: 'apt-get update  && echo hi' },
    ]);
  });

  it('names each broken rule with its line', () => {
    const problems = dockerfileProblems(
      ['FROM node', 'WORKDIR app', 'ADD . .', 'RUN apt-get install python3', 'RUN cd /x && make', 'CMD node main.js'].join('\n'),
    );
    expect(problems).toEqual([
      'Dockerfile:1: DL3006: pin the version of the base image "node"',
      'Dockerfile:2: DL3000: use an absolute WORKDIR',
      'Dockerfile:3: DL3020: use COPY, not ADD, for files and folders',
      'Dockerfile:4: DL3015: apt-get install --no-install-recommends',
      'Dockerfile:4: DL3014: apt-get install -y',
      'Dockerfile:4: DL3009: delete the apt lists after installing',
      'Dockerfile:5: DL3003: use WORKDIR to switch to a folder',
      'Dockerfile:6: DL3025: write CMD as a JSON list',
      'Dockerfile: DL3002: the image must run as a user other than root (USER in the last stage)',
      'Dockerfile: set TENANT_CACHE_DIR (ENV in the last stage) to a folder that a RUN chown gives the user',
      'Dockerfile: the image needs a HEALTHCHECK that asks /readyz',
      'Dockerfile: the image must carry production dependencies only (npm prune --omit=dev after the build)',
      'Dockerfile: build in one stage and run from another, so compilers and dev dependencies stay out of the image',
    ]);
    // The tenant cache's folder must be the user's.
    const tail = 'FROM node:20 AS a\nFROM node:20\nRUN mkdir -p /srv/data && chown node:node /srv/data\nUSER node\n';
    const rule = 'Dockerfile: set TENANT_CACHE_DIR (ENV in the last stage) to a folder that a RUN chown gives the user node';
    expect(dockerfileProblems(`${tail}ENV TENANT_CACHE_DIR=/srv/data/tenant-cache\n`)).not.toContain(rule);
    expect(dockerfileProblems(`${tail}ENV TENANT_CACHE_DIR=/opt/cache\n`)).toContain(rule);
    expect(dockerfileProblems(tail)).toContain(rule);
    expect(dockerfileProblems('FROM node:latest AS a\nFROM a\nUSER root\n')).toContain(
      'Dockerfile:1: DL3007: do not build from the "latest" tag (node:latest)',
    );
  });
});
