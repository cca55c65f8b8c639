// TypeDoc plugin for `pnpm docs`: in a package with several entries, TypeDoc names each entry
// module after its `exports` key (`.`, `testing`) and also converts `./package.json`. This
// names each module after the specifier users import (`@arsenal/langchain`,
// `@arsenal/langchain/testing`) and drops the package.json one, which holds no API.
import { Converter, ReflectionKind } from 'typedoc';

/** @param {import('typedoc').Application} app */
export function load(app) {
  app.converter.on(Converter.EVENT_RESOLVE_BEGIN, (context) => {
    const project = context.project;
    const packageName = project.packageName ?? project.name;
    for (const module of project.getChildrenByKind(ReflectionKind.Module)) {
      if (module.name === 'package.json' || module.name.endsWith('/package.json')) {
        project.removeReflection(module);
      } else if (module.name === '.' || module.name === '') {
        module.name = packageName;
      } else if (!module.name.startsWith('@')) {
        module.name = `${packageName}/${module.name.replace(/^\.\//, '')}`;
      }
    }
  });
}
