import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import {
  Application,
  type Comment,
  type DeclarationReflection,
  Logger,
  LogLevel,
  type ProjectReflection,
  ReflectionKind,
  TSConfigReader,
  TypeDocReader,
} from 'typedoc';
import ts from 'typescript';

// Converts packages with TypeDoc the way `pnpm docs` does, and reads back what a reader of the
// reference would miss: TypeDoc's own warnings (an export without a doc comment, a broken
// `{@link}`), exports without an `@example`, and examples that do not type-check.

/** TypeDoc's messages, kept instead of printed. */
class CollectingLogger extends Logger {
  readonly messages: { level: LogLevel; message: string }[] = [];
  override log(message: string, level: LogLevel): void {
    super.log(message, level);
    this.messages.push({ level, message });
  }
}

/** One exported name of a package entry, with the code of its `@example` blocks. */
export interface DocumentedExport {
  /** `@arsenal/config` for a root export, `@arsenal/core/adapter` for another entry. */
  entry: string;
  name: string;
  kind: string;
  examples: string[];
}

export interface ApiReport {
  /** TypeDoc's errors and warnings, as it words them. */
  problems: string[];
  exports: DocumentedExport[];
}

/** Convert with the options file `optionsPath` (a TypeDoc JSON file in packages mode). */
export async function convertApi(optionsPath: string): Promise<ApiReport> {
  const app = await Application.bootstrapWithPlugins({ options: optionsPath }, [
    new TypeDocReader(),
    new TSConfigReader(),
  ]);
  const logger = new CollectingLogger();
  app.logger = logger;
  const project = await app.convert();
  if (project) app.validate(project);
  const problems = logger.messages
    .filter(({ level }) => level === LogLevel.Error || level === LogLevel.Warn)
    .map(({ message }) => message);
  if (!project) return { problems: ['TypeDoc converted nothing', ...problems], exports: [] };
  return { problems, exports: exportsOf(project) };
}

/** The comment a reader sees for an export: its own, or its first signature's. */
function commentOf(reflection: DeclarationReflection): Comment | undefined {
  if (reflection.comment) return reflection.comment;
  const type = reflection.type;
  const signatures =
    reflection.signatures ??
    (type?.type === 'reflection' ? type.declaration.signatures : undefined);
  return signatures?.[0]?.comment ?? reflection.getSignature?.comment;
}

/** The code of each `@example` block (the fenced code, or the whole block when unfenced). */
function examplesOf(comment: Comment | undefined): string[] {
  const blocks = comment?.blockTags.filter((tag) => tag.tag === '@example') ?? [];
  return blocks.map((block) => {
    const text = block.content.map((part) => part.text).join('');
    const fenced = [...text.matchAll(/```[\w-]*\n([\s\S]*?)```/g)].map((match) => match[1]);
    return fenced.length > 0 ? fenced.join('\n') : text;
  });
}

/**
 * Every export of every package entry. In packages mode each package is a module; a package
 * with several entries holds one module per entry, named after its subpath.
 */
function exportsOf(project: ProjectReflection): DocumentedExport[] {
  const found: DocumentedExport[] = [];
  const visit = (module: DeclarationReflection | ProjectReflection, entry: string) => {
    for (const child of module.children ?? []) {
      if (child.kindOf(ReflectionKind.Module)) {
        visit(child, child.name.startsWith('@') ? child.name : `${entry}/${child.name}`);
        continue;
      }
      found.push({
        entry,
        name: child.name,
        kind: ReflectionKind.singularString(child.kind),
        examples: examplesOf(commentOf(child)),
      });
    }
  };
  // A run over one package makes that package the project itself.
  const modules = project.children ?? [];
  if (modules.some((child) => child.kindOf(ReflectionKind.Module))) {
    for (const module of modules) visit(module, module.name);
  } else {
    visit(project, project.packageName ?? project.name);
  }
  return found;
}

/**
 * Type-check every example as its own module, written under `scratch` (which must sit where
 * the packages the examples import resolve). Returns the diagnostics, one line each.
 */
export async function typeCheckExamples(
  exports: readonly DocumentedExport[],
  scratch: string,
  paths: Record<string, string[]> = {},
): Promise<string[]> {
  await rm(scratch, { recursive: true, force: true });
  const files: string[] = [];
  for (const item of exports) {
    for (const [index, code] of item.examples.entries()) {
      const path = join(scratch, item.entry.replace(/[@/]+/g, '-'), `${item.name}-${index}.ts`);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, `${code}\nexport {};\n`);
      files.push(path);
    }
  }
  const program = ts.createProgram(files, {
    target: ts.ScriptTarget.ES2022,
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    strict: true,
    noUncheckedIndexedAccess: true,
    verbatimModuleSyntax: true,
    skipLibCheck: true,
    noEmit: true,
    types: ['node'],
    paths,
  });
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
    if (!diagnostic.file || diagnostic.start === undefined) return message;
    const { line } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
    return `${relative(scratch, diagnostic.file.fileName)}:${line + 1}: ${message}`;
  });
}
