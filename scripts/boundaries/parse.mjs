// What one source file says about its dependencies, read with the TypeScript parser (not regular
// expressions): every import form (default, named, renamed, namespace, side-effect, `import type`,
// `export … from`, `import('…')` and `typeof import('…')`), the names each one takes, the writes of a
// table object (`.insert(t)`, `.update(t)`, `.delete(t)`) and the tables raw SQL names (the `sql` tag,
// `sql.raw('…')`, and string or template literals that start like a statement).
import ts from 'typescript';

const kindOf = (file) =>
  file.endsWith('.tsx')
    ? ts.ScriptKind.TSX
    : /\.(mjs|js|cjs)$/.test(file)
      ? ts.ScriptKind.JS
      : ts.ScriptKind.TS;

const lineOf = (source, node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;

/** Text that may hold an `export … from` (then the file is parsed, not only pre-processed). */
const reexportLike = /\bexport\s*(?:type\s*)?(?:\*|\{[^}]*\}\s*from)/;

/** A string that reads as SQL on its own (a statement or a sub-query), not prose that says "from". */
const statementLike = /^\s*\(?\s*(select|with|insert|update|delete)\b/i;

/** The text of a template or string literal, each `${…}` replaced by a placeholder. */
function literalText(node) {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node))
    return node.head.text + node.templateSpans.map((span) => ` ?${span.literal.text}`).join('');
  return null;
}

/**
 * The dependencies of one file's text; `tables: false` skips writes, SQL and pgTable (files outside the API).
 * @returns {{ imports: Array<{ spec: string, kind: string, typeOnly: boolean, names: string[] | '*', line: number }>,
 *   reexports: Array<{ spec: string, star: boolean, names: Array<{ imported: string, exported: string }> }>,
 *   writes: Array<{ op: string, name: string, line: number }>, sql: Array<{ text: string, line: number }>,
 *   pgTables: Array<{ name: string, table: string }> }}
 */
export function parseSource(file, text, { tables = true } = {}) {
  // Outside the API only the import targets matter (no tables): the pre-processor (a scanner, three
  // times faster than a parse) lists every import form, taken whole and as a runtime import. A file that
  // may re-export (`export … from`) is parsed, so its re-exports can be followed.
  if (!tables && !reexportLike.test(text)) {
    const { importedFiles } = ts.preProcessFile(text, true, true);
    let line = 1;
    let at = 0;
    const imports = importedFiles.map((f) => {
      for (; at < f.pos; at++) if (text.charCodeAt(at) === 10) line++;
      return { spec: f.fileName, kind: 'import', typeOnly: false, names: '*', line };
    });
    return { imports, reexports: [], writes: [], sql: [], pgTables: [] };
  }
  const source = ts.createSourceFile(
    file,
    text,
    { languageVersion: ts.ScriptTarget.Latest, jsDocParsingMode: ts.JSDocParsingMode.ParseNone },
    false,
    kindOf(file),
  );
  const imports = [];
  const reexports = [];
  const writes = [];
  const sql = [];
  const pgTables = [];
  /** Local name → { import index, imported name } (named and default bindings); namespaces separately. */
  const bindings = new Map();
  const namespaces = new Map();

  for (const statement of source.statements) {
    const line = lineOf(source, statement);
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      const spec = statement.moduleSpecifier.text;
      const clause = statement.importClause;
      const index = imports.length;
      if (!clause) {
        imports.push({ spec, kind: 'side-effect', typeOnly: false, names: [], line });
        continue;
      }
      const names = [];
      let typeOnly = clause.isTypeOnly;
      let namespace = null;
      if (clause.name) {
        names.push('default');
        bindings.set(clause.name.text, { index, imported: 'default' });
      }
      const bound = clause.namedBindings;
      if (bound && ts.isNamespaceImport(bound)) namespace = bound.name.text;
      else if (bound) {
        for (const element of bound.elements) {
          const imported = (element.propertyName ?? element.name).text;
          names.push(imported);
          bindings.set(element.name.text, { index, imported });
        }
        if (!clause.isTypeOnly && !clause.name && bound.elements.length > 0)
          typeOnly = bound.elements.every((e) => e.isTypeOnly);
      }
      imports.push({ spec, kind: namespace ? 'namespace' : 'import', typeOnly, names, line });
      if (namespace) namespaces.set(namespace, { index, used: new Set(), whole: false });
    } else if (
      ts.isExportDeclaration(statement) &&
      statement.moduleSpecifier &&
      ts.isStringLiteral(statement.moduleSpecifier)
    ) {
      const spec = statement.moduleSpecifier.text;
      const clause = statement.exportClause;
      if (!clause) {
        imports.push({ spec, kind: 're-export', typeOnly: statement.isTypeOnly, names: '*', line });
        reexports.push({ spec, star: true, names: [] });
      } else if (ts.isNamespaceExport(clause)) {
        imports.push({ spec, kind: 're-export', typeOnly: statement.isTypeOnly, names: '*', line });
        reexports.push({ spec, star: false, names: [{ imported: '*', exported: clause.name.text }] });
      } else {
        const names = clause.elements.map((e) => ({
          imported: (e.propertyName ?? e.name).text,
          exported: e.name.text,
        }));
        const typeOnly = statement.isTypeOnly || clause.elements.every((e) => e.isTypeOnly);
        imports.push({ spec, kind: 're-export', typeOnly, names: names.map((n) => n.imported), line });
        reexports.push({ spec, star: false, names });
      }
    } else if (
      ts.isImportEqualsDeclaration(statement) &&
      ts.isExternalModuleReference(statement.moduleReference) &&
      ts.isStringLiteral(statement.moduleReference.expression)
    ) {
      const spec = statement.moduleReference.expression.text;
      imports.push({ spec, kind: 'import', typeOnly: statement.isTypeOnly, names: '*', line });
    }
  }

  /** `t` or `ns.t` as the table it names: the imported name when it is a binding. */
  const tableName = (node) => {
    if (ts.isIdentifier(node)) return bindings.get(node.text)?.imported ?? node.text;
    if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression))
      if (namespaces.has(node.expression.text)) return node.name.text;
    return null;
  };

  const K = ts.SyntaxKind;
  /** One node; `parent` is passed down (the tree is parsed without parent links, which is faster). */
  const visit = (node, parent) => {
    switch (node.kind) {
      case K.CallExpression: {
        const callee = node.expression;
        const [first] = node.arguments;
        if (callee.kind === K.ImportKeyword && first && ts.isStringLiteralLike(first)) {
          imports.push({
            spec: first.text,
            kind: 'dynamic',
            typeOnly: false,
            names: '*',
            line: lineOf(source, node),
          });
        } else if (tables && first && node.arguments.length === 1 && ts.isPropertyAccessExpression(callee)) {
          const op = callee.name.text;
          if (op === 'insert' || op === 'update' || op === 'delete') {
            const name = tableName(first);
            if (name) writes.push({ op, name, line: lineOf(source, node) });
          } else if (op === 'raw' && ts.isIdentifier(callee.expression) && callee.expression.text === 'sql') {
            const text = literalText(first);
            if (text !== null) sql.push({ text, line: lineOf(source, node) });
          }
        } else if (
          tables &&
          first &&
          ts.isIdentifier(callee) &&
          callee.text === 'pgTable' &&
          ts.isStringLiteralLike(first) &&
          ts.isVariableDeclaration(parent) &&
          ts.isIdentifier(parent.name)
        )
          pgTables.push({ name: parent.name.text, table: first.text });
        break;
      }
      case K.ImportType: {
        const arg = node.argument;
        if (ts.isLiteralTypeNode(arg) && ts.isStringLiteral(arg.literal))
          imports.push({
            spec: arg.literal.text,
            kind: 'dynamic',
            typeOnly: true,
            names: '*',
            line: lineOf(source, node),
          });
        break;
      }
      case K.TaggedTemplateExpression:
        if (tables && ts.isIdentifier(node.tag) && node.tag.text === 'sql') {
          sql.push({ text: literalText(node.template) ?? '', line: lineOf(source, node) });
          for (const span of ts.isTemplateExpression(node.template) ? node.template.templateSpans : [])
            visit(span.expression, span);
          return;
        }
        break;
      case K.StringLiteral:
      case K.NoSubstitutionTemplateLiteral:
      case K.TemplateExpression:
        if (tables && parent.kind !== K.ImportDeclaration && parent.kind !== K.ExportDeclaration) {
          const text = literalText(node);
          if (text && statementLike.test(text)) sql.push({ text, line: lineOf(source, node) });
        }
        break;
      case K.Identifier:
        if (namespaces.has(node.text)) {
          const ns = namespaces.get(node.text);
          if (parent.kind === K.PropertyAccessExpression && parent.expression === node)
            ns.used.add(parent.name.text);
          else if (parent.kind !== K.NamespaceImport) ns.whole = true;
        }
        return;
      case K.QualifiedName:
        if (ts.isIdentifier(node.left) && namespaces.has(node.left.text)) {
          namespaces.get(node.left.text).used.add(node.right.text);
          return;
        }
        break;
    }
    ts.forEachChild(node, (child) => visit(child, node));
  };
  // Walk the body only when it can hold something: API files (tables, writes, SQL), `import(…)`, namespaces.
  if (tables || namespaces.size > 0 || text.includes('import('))
    ts.forEachChild(source, (child) => visit(child, source));

  // A namespace import takes the names the file reads off it (`ns.bookings`), or everything when the
  // namespace itself is passed on.
  for (const ns of namespaces.values()) imports[ns.index].names = ns.whole ? '*' : [...ns.used];
  return { imports, reexports, writes, sql, pgTables };
}
