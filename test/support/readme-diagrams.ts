import { readFileSync } from 'node:fs';

/**
 * The state diagrams (mermaid `stateDiagram-v2`) under the README's `## {section}` heading, each as its
 * `from --> to : label` lines, so that a test can hold them equal to a transition table. Fails on a line of
 * a diagram that is not an edge, and when the section has no diagram.
 */
export function readmeStateDiagrams(section: string): string[][] {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
  const heading = `## ${section}\n`;
  const start = readme.indexOf(heading);
  const rest = start < 0 ? '' : readme.slice(start + heading.length);
  const body = rest.slice(0, /^## /m.exec(rest)?.index ?? rest.length);
  const diagrams = [...body.matchAll(/```mermaid\nstateDiagram-v2\n([\s\S]*?)```/g)].map((match) => match[1] as string);
  if (diagrams.length === 0) throw new Error(`README: no stateDiagram-v2 under "## ${section}"`);
  return diagrams.map((diagram) =>
    diagram
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '')
      .map((line) => {
        const edge = /^(\S+) --> (\S+) : (\w+(?: \[\w+\])?)$/.exec(line);
        if (edge === null) throw new Error(`README diagram: not an edge: ${line}`);
        return `${edge[1]} --> ${edge[2]} : ${edge[3]}`;
      }),
  );
}
