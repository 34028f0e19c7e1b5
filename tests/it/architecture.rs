//! The layering of `src/` (docs/architecture.md): no import circle between files, and
//! no module using one of a higher layer than its own in that document's table.
//!
//! The check reads the library crate as Rust (syn), from `src/lib.rs` down its `mod`
//! declarations, leaving out `#[cfg(test)]` items, and builds the file-level import graph:
//! file A depends on file B when A names an item that B defines, through a `use` (of
//! `crate::`, `super::`, `self::` or a module in scope) or a path written in code or in an
//! attribute. Each name is followed through re-exports to the file that defines the item,
//! so a `pub use` in a `mod.rs` makes the users depend on the defining file, not on the
//! `mod.rs`; a re-export is an edge of its own file only when that file's code uses the
//! name too. A path that ends at a module (`use crate::rules;`) is no edge by itself: the
//! paths through it are. Comments, strings and doc links are not imports.
//!
//! It fails naming every circle, file by file, and every use of a higher layer, with the
//! paths behind each edge.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use proc_macro2::{Delimiter, Spacing, TokenStream, TokenTree};
use quote::ToTokens;
use syn::visit_mut::{self, VisitMut};
use syn::{Attribute, Item, Meta, UseTree, Visibility};

/// At most this many elementary circles, the shortest, are listed per group of files that
/// reach each other (of at most `CIRCLES_SOUGHT` found).
const CIRCLES_SHOWN: usize = 12;
const CIRCLES_SOUGHT: usize = 10_000;
/// At most this many paths are quoted as the reason for one edge.
const REASONS_SHOWN: usize = 3;

type ModId = usize;

/// What a name in a module's scope is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Def {
    /// A module (a file of its own, or inline).
    Module(ModId),
    /// An item defined in the module's own file.
    Item,
}

/// Where a path leads.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Target {
    Module(ModId),
    /// An item, in this file (an enum's variant or a type's method stays with the item).
    File(String),
}

#[derive(Debug)]
struct Import {
    /// The name it brings into scope (`_` for `use Trait as _`).
    name: String,
    path: Vec<String>,
    /// `pub` in any form: a re-export, an edge of its own only where the file uses it.
    public: bool,
}

#[derive(Debug, Default)]
struct Module {
    /// The file it is written in (`src/ui/app.rs`).
    file: String,
    parent: Option<ModId>,
    items: HashMap<String, Vec<Def>>,
    imports: Vec<Import>,
    globs: Vec<Vec<String>>,
    /// Every identifier in its code (not in its `use` items).
    idents: BTreeSet<String>,
    /// Every path of two or more segments in its code.
    paths: Vec<Vec<String>>,
}

/// The library crate's modules, and the files it leaves out as test-only.
#[derive(Debug, Default)]
struct Crate {
    modules: Vec<Module>,
    test_files: BTreeSet<String>,
}

/// The import graph between files: (from, to) → the paths written in `from` that lead to `to`.
type Graph = BTreeMap<(String, String), BTreeSet<String>>;

/// Whether a `#[cfg(...)]` among `attrs` leaves the item out of every build but tests'.
fn test_only(attrs: &[Attribute]) -> bool {
    attrs.iter().any(|attr| {
        attr.path().is_ident("cfg")
            && match &attr.meta {
                Meta::List(list) => {
                    predicate_test_only(&list.tokens.clone().into_iter().collect::<Vec<_>>())
                }
                _ => false,
            }
    })
}

/// Whether a cfg predicate holds only under `test`: `test`, `all(.., test, ..)`, or
/// `any(..)` of such predicates only. `not(test)` and `any(test, feature = "x")` do not.
fn predicate_test_only(tokens: &[TokenTree]) -> bool {
    match tokens {
        [TokenTree::Ident(word)] => word == "test",
        [TokenTree::Ident(word), TokenTree::Group(group)] => {
            let parts = split_commas(group.stream());
            if word == "all" {
                parts.iter().any(|p| predicate_test_only(p))
            } else if word == "any" {
                !parts.is_empty() && parts.iter().all(|p| predicate_test_only(p))
            } else {
                false
            }
        }
        _ => false,
    }
}

/// Whether the outer attributes that `tokens` (an expression's) start with include a
/// test-only cfg: syn has no one accessor for the attributes of every kind of expression.
fn leading_test_cfg(tokens: TokenStream) -> bool {
    let tokens: Vec<TokenTree> = tokens.into_iter().collect();
    tokens
        .chunks(2)
        .map_while(|pair| match pair {
            [TokenTree::Punct(hash), TokenTree::Group(group)]
                if hash.as_char() == '#' && group.delimiter() == Delimiter::Bracket =>
            {
                Some(group.stream().into_iter().collect::<Vec<_>>())
            }
            _ => None,
        })
        .any(|attr| match attr.as_slice() {
            [TokenTree::Ident(cfg), TokenTree::Group(predicate)] if cfg == "cfg" => {
                predicate_test_only(&predicate.stream().into_iter().collect::<Vec<_>>())
            }
            _ => false,
        })
}

fn split_commas(stream: TokenStream) -> Vec<Vec<TokenTree>> {
    let mut parts = vec![Vec::new()];
    for token in stream {
        match &token {
            TokenTree::Punct(p) if p.as_char() == ',' => parts.push(Vec::new()),
            _ => parts.last_mut().unwrap().push(token),
        }
    }
    parts.retain(|p| !p.is_empty());
    parts
}

/// Removes every `#[cfg(test)]` item, impl or trait item, statement, field, variant and
/// match arm, remembering the files of test-only `mod name;` declarations.
struct PruneTests {
    test_mods: Vec<String>,
}

impl PruneTests {
    fn keep_items(&mut self, items: &mut Vec<Item>) {
        items.retain(|item| {
            let attrs = item_attrs(item);
            if !test_only(attrs) {
                return true;
            }
            if let Item::Mod(m) = item
                && m.content.is_none()
            {
                self.test_mods.push(m.ident.to_string());
            }
            false
        });
    }
}

fn item_attrs(item: &Item) -> &[Attribute] {
    match item {
        Item::Const(i) => &i.attrs,
        Item::Enum(i) => &i.attrs,
        Item::ExternCrate(i) => &i.attrs,
        Item::Fn(i) => &i.attrs,
        Item::ForeignMod(i) => &i.attrs,
        Item::Impl(i) => &i.attrs,
        Item::Macro(i) => &i.attrs,
        Item::Mod(i) => &i.attrs,
        Item::Static(i) => &i.attrs,
        Item::Struct(i) => &i.attrs,
        Item::Trait(i) => &i.attrs,
        Item::TraitAlias(i) => &i.attrs,
        Item::Type(i) => &i.attrs,
        Item::Union(i) => &i.attrs,
        Item::Use(i) => &i.attrs,
        _ => &[],
    }
}

impl VisitMut for PruneTests {
    fn visit_file_mut(&mut self, file: &mut syn::File) {
        self.keep_items(&mut file.items);
        visit_mut::visit_file_mut(self, file);
    }

    fn visit_item_mod_mut(&mut self, module: &mut syn::ItemMod) {
        // Only the file's own top-level `mod name;` lines name other files; an inline
        // module's test-only children would be nested deeper, and none are.
        if let Some((_, items)) = &mut module.content {
            items.retain(|item| !test_only(item_attrs(item)));
        }
        visit_mut::visit_item_mod_mut(self, module);
    }

    fn visit_item_impl_mut(&mut self, block: &mut syn::ItemImpl) {
        block.items.retain(|item| {
            let attrs: &[Attribute] = match item {
                syn::ImplItem::Const(i) => &i.attrs,
                syn::ImplItem::Fn(i) => &i.attrs,
                syn::ImplItem::Type(i) => &i.attrs,
                syn::ImplItem::Macro(i) => &i.attrs,
                _ => &[],
            };
            !test_only(attrs)
        });
        visit_mut::visit_item_impl_mut(self, block);
    }

    fn visit_item_trait_mut(&mut self, block: &mut syn::ItemTrait) {
        block.items.retain(|item| {
            let attrs: &[Attribute] = match item {
                syn::TraitItem::Const(i) => &i.attrs,
                syn::TraitItem::Fn(i) => &i.attrs,
                syn::TraitItem::Type(i) => &i.attrs,
                syn::TraitItem::Macro(i) => &i.attrs,
                _ => &[],
            };
            !test_only(attrs)
        });
        visit_mut::visit_item_trait_mut(self, block);
    }

    fn visit_block_mut(&mut self, block: &mut syn::Block) {
        block.stmts.retain(|stmt| match stmt {
            syn::Stmt::Item(item) => !test_only(item_attrs(item)),
            syn::Stmt::Local(local) => !test_only(&local.attrs),
            syn::Stmt::Macro(mac) => !test_only(&mac.attrs),
            syn::Stmt::Expr(expr, _) => !leading_test_cfg(expr.to_token_stream()),
        });
        visit_mut::visit_block_mut(self, block);
    }

    fn visit_fields_named_mut(&mut self, fields: &mut syn::FieldsNamed) {
        fields.named = std::mem::take(&mut fields.named)
            .into_iter()
            .filter(|f| !test_only(&f.attrs))
            .collect();
        visit_mut::visit_fields_named_mut(self, fields);
    }

    fn visit_fields_unnamed_mut(&mut self, fields: &mut syn::FieldsUnnamed) {
        fields.unnamed = std::mem::take(&mut fields.unnamed)
            .into_iter()
            .filter(|f| !test_only(&f.attrs))
            .collect();
        visit_mut::visit_fields_unnamed_mut(self, fields);
    }

    fn visit_item_enum_mut(&mut self, item: &mut syn::ItemEnum) {
        item.variants = std::mem::take(&mut item.variants)
            .into_iter()
            .filter(|v| !test_only(&v.attrs))
            .collect();
        visit_mut::visit_item_enum_mut(self, item);
    }

    fn visit_expr_match_mut(&mut self, expr: &mut syn::ExprMatch) {
        expr.arms.retain(|arm| !test_only(&arm.attrs));
        visit_mut::visit_expr_match_mut(self, expr);
    }
}

/// An identifier as written, without a raw prefix (`r#type` is `type`).
fn ident_name(ident: &proc_macro2::Ident) -> String {
    let name = ident.to_string();
    name.strip_prefix("r#").map(str::to_owned).unwrap_or(name)
}

fn is_path_sep(a: Option<&TokenTree>, b: Option<&TokenTree>) -> bool {
    matches!(
        (a, b),
        (Some(TokenTree::Punct(a)), Some(TokenTree::Punct(b)))
            if a.as_char() == ':' && a.spacing() == Spacing::Joint && b.as_char() == ':'
    )
}

/// Collects the identifiers of `stream`, and its paths of two or more segments that
/// start a path (not after `::`, as in `Vec::<u8>::new`, nor after `.`).
fn scan(stream: TokenStream, idents: &mut BTreeSet<String>, paths: &mut Vec<Vec<String>>) {
    let tokens: Vec<TokenTree> = stream.into_iter().collect();
    let mut i = 0;
    while i < tokens.len() {
        match &tokens[i] {
            TokenTree::Group(group) => {
                scan(group.stream(), idents, paths);
                i += 1;
            }
            TokenTree::Ident(first) => {
                let continues = i >= 2 && is_path_sep(tokens.get(i - 2), tokens.get(i - 1));
                let after_dot =
                    i >= 1 && matches!(&tokens[i - 1], TokenTree::Punct(p) if p.as_char() == '.');
                let mut path = vec![ident_name(first)];
                let mut j = i + 1;
                while is_path_sep(tokens.get(j), tokens.get(j + 1)) {
                    match tokens.get(j + 2) {
                        Some(TokenTree::Ident(next)) => {
                            path.push(ident_name(next));
                            j += 3;
                        }
                        _ => break,
                    }
                }
                idents.extend(path.iter().cloned());
                if !continues && !after_dot && path.len() >= 2 {
                    paths.push(path);
                }
                i = j;
            }
            _ => i += 1,
        }
    }
}

/// The imports of one `use` tree: named ones, and globs.
fn flatten(
    tree: &UseTree,
    prefix: &mut Vec<String>,
    public: bool,
    imports: &mut Vec<Import>,
    globs: &mut Vec<Vec<String>>,
) {
    match tree {
        UseTree::Path(p) => {
            prefix.push(ident_name(&p.ident));
            flatten(&p.tree, prefix, public, imports, globs);
            prefix.pop();
        }
        UseTree::Name(n) => {
            let name = ident_name(&n.ident);
            let (name, path) = if name == "self" {
                (prefix.last().cloned().unwrap_or_default(), prefix.clone())
            } else {
                let mut path = prefix.clone();
                path.push(name.clone());
                (name, path)
            };
            imports.push(Import { name, path, public });
        }
        UseTree::Rename(r) => {
            let mut path = prefix.clone();
            if r.ident != "self" {
                path.push(ident_name(&r.ident));
            }
            let name = ident_name(&r.rename);
            imports.push(Import { name, path, public });
        }
        UseTree::Glob(_) => globs.push(prefix.clone()),
        UseTree::Group(g) => {
            for tree in &g.items {
                flatten(tree, prefix, public, imports, globs);
            }
        }
    }
}

/// The name an item defines, if any.
fn item_name(item: &Item) -> Option<String> {
    let ident = match item {
        Item::Const(i) => &i.ident,
        Item::Enum(i) => &i.ident,
        Item::Fn(i) => &i.sig.ident,
        Item::Macro(i) => i.ident.as_ref()?,
        Item::Static(i) => &i.ident,
        Item::Struct(i) => &i.ident,
        Item::Trait(i) => &i.ident,
        Item::TraitAlias(i) => &i.ident,
        Item::Type(i) => &i.ident,
        Item::Union(i) => &i.ident,
        _ => return None,
    };
    Some(ident_name(ident))
}

impl Crate {
    /// Reads the crate from `root` (`src/lib.rs`), `read` giving a file's text by path.
    fn load(root: &str, read: &dyn Fn(&str) -> Option<String>) -> Result<Crate, String> {
        let mut krate = Crate::default();
        let dir = root.rsplit_once('/').map_or("", |(dir, _)| dir).to_string();
        krate.load_file(root, dir, None, read)?;
        Ok(krate)
    }

    fn load_file(
        &mut self,
        file: &str,
        dir: String,
        parent: Option<ModId>,
        read: &dyn Fn(&str) -> Option<String>,
    ) -> Result<ModId, String> {
        let text = read(file).ok_or_else(|| format!("{file}: cannot be read"))?;
        let mut ast = syn::parse_file(&text).map_err(|e| format!("{file}: {e}"))?;
        let mut prune = PruneTests {
            test_mods: Vec::new(),
        };
        prune.visit_file_mut(&mut ast);
        for name in prune.test_mods {
            for candidate in [format!("{dir}/{name}.rs"), format!("{dir}/{name}/mod.rs")] {
                if read(&candidate).is_some() {
                    self.test_files.insert(candidate);
                }
            }
        }
        self.add_module(ast.items, file, dir, parent, read)
    }

    fn add_module(
        &mut self,
        items: Vec<Item>,
        file: &str,
        dir: String,
        parent: Option<ModId>,
        read: &dyn Fn(&str) -> Option<String>,
    ) -> Result<ModId, String> {
        let id = self.modules.len();
        self.modules.push(Module {
            file: file.to_string(),
            parent,
            ..Module::default()
        });
        for item in items {
            match item {
                Item::Mod(m) => {
                    let name = ident_name(&m.ident);
                    let child_dir = format!("{dir}/{name}");
                    let child = match m.content {
                        Some((_, items)) => {
                            self.add_module(items, file, child_dir, Some(id), read)?
                        }
                        None => {
                            let flat = format!("{dir}/{name}.rs");
                            let nested = format!("{dir}/{name}/mod.rs");
                            let path = [flat, nested]
                                .into_iter()
                                .find(|p| read(p).is_some())
                                .ok_or_else(|| {
                                    format!("{file}: `mod {name};` has no file in {dir}/")
                                })?;
                            self.load_file(&path, child_dir, Some(id), read)?
                        }
                    };
                    let module = &mut self.modules[id];
                    module
                        .items
                        .entry(name)
                        .or_default()
                        .push(Def::Module(child));
                }
                Item::Use(u) => {
                    if u.leading_colon.is_some() {
                        continue;
                    }
                    let public = !matches!(u.vis, Visibility::Inherited);
                    let module = &mut self.modules[id];
                    flatten(
                        &u.tree,
                        &mut Vec::new(),
                        public,
                        &mut module.imports,
                        &mut module.globs,
                    );
                }
                item => {
                    let module = &mut self.modules[id];
                    if let Some(name) = item_name(&item) {
                        module.items.entry(name).or_default().push(Def::Item);
                    }
                    scan(
                        item.to_token_stream(),
                        &mut module.idents,
                        &mut module.paths,
                    );
                }
            }
        }
        Ok(id)
    }

    /// What `name` is in module `m`'s scope: its own items, then its imports, then its
    /// globs. A module is preferred where a path goes on through it, an item at its end.
    fn lookup(&self, m: ModId, name: &str, want_module: bool, depth: u32) -> Option<Target> {
        if depth > 32 {
            return None;
        }
        let module = &self.modules[m];
        if let Some(defs) = module.items.get(name) {
            let preferred = defs
                .iter()
                .find(|d| matches!(d, Def::Module(_)) == want_module)
                .unwrap_or(&defs[0]);
            return Some(match preferred {
                Def::Module(id) => Target::Module(*id),
                Def::Item => Target::File(module.file.clone()),
            });
        }
        for import in module.imports.iter().filter(|i| i.name == name) {
            if let Some(target) = self.resolve(m, &import.path, want_module, depth + 1) {
                return Some(target);
            }
        }
        for glob in &module.globs {
            if let Some(Target::Module(g)) = self.resolve(m, glob, true, depth + 1)
                && g != m
                && let Some(target) = self.lookup(g, name, want_module, depth + 1)
            {
                return Some(target);
            }
        }
        None
    }

    /// Where `path`, written in module `m`, leads; `None` outside the crate (std, other
    /// crates) or for a name not in scope (a local, a type parameter).
    fn resolve(&self, m: ModId, path: &[String], want_module: bool, depth: u32) -> Option<Target> {
        let mut current = m;
        for (i, segment) in path.iter().enumerate() {
            let last = i + 1 == path.len();
            let next = match segment.as_str() {
                "crate" if i == 0 => Target::Module(0),
                "self" if i == 0 => Target::Module(m),
                "super" => Target::Module(self.modules[current].parent?),
                name => self.lookup(current, name, !last || want_module, depth)?,
            };
            match next {
                Target::Module(id) => current = id,
                file @ Target::File(_) => return Some(file),
            }
        }
        Some(Target::Module(current))
    }

    /// The file-level import graph.
    fn graph(&self) -> Graph {
        let mut graph = Graph::new();
        let mut edge = |from: &str, target: Option<Target>, reason: String| {
            if let Some(Target::File(to)) = target
                && to != from
            {
                graph
                    .entry((from.to_string(), to))
                    .or_default()
                    .insert(reason);
            }
        };
        for (id, module) in self.modules.iter().enumerate() {
            let from = module.file.as_str();
            for import in &module.imports {
                // A private import is there to be used (rustc warns otherwise), if only
                // for a trait's methods; a re-export counts where this file uses it.
                if !import.public || import.name == "_" || module.idents.contains(&import.name) {
                    let target = self.resolve(id, &import.path, false, 0);
                    edge(from, target, format!("use {}", import.path.join("::")));
                }
            }
            for glob in &module.globs {
                match self.resolve(id, glob, true, 0) {
                    Some(Target::Module(g)) => {
                        for name in &module.idents {
                            let shadowed = module.items.contains_key(name)
                                || module.imports.iter().any(|i| &i.name == name);
                            if !shadowed {
                                let target = self.lookup(g, name, false, 0);
                                let reason = format!("use {}::* ({name})", glob.join("::"));
                                edge(from, target, reason);
                            }
                        }
                    }
                    target => edge(from, target, format!("use {}::*", glob.join("::"))),
                }
            }
            for path in &module.paths {
                edge(from, self.resolve(id, path, false, 0), path.join("::"));
            }
        }
        graph
    }

    /// Every file the crate is built from.
    fn files(&self) -> BTreeSet<String> {
        self.modules.iter().map(|m| m.file.clone()).collect()
    }
}

/// The groups of files that reach each other (Tarjan's strongly connected components),
/// each sorted, of two files or more.
fn circle_groups(graph: &Graph) -> Vec<Vec<String>> {
    let mut next: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
    for (from, to) in graph.keys() {
        next.entry(from).or_default().push(to);
        next.entry(to).or_default();
    }
    struct Tarjan<'a> {
        next: &'a BTreeMap<&'a str, Vec<&'a str>>,
        index: HashMap<&'a str, usize>,
        low: HashMap<&'a str, usize>,
        stack: Vec<&'a str>,
        on_stack: BTreeSet<&'a str>,
        groups: Vec<Vec<String>>,
    }
    impl<'a> Tarjan<'a> {
        fn visit(&mut self, v: &'a str) {
            let n = self.index.len();
            self.index.insert(v, n);
            self.low.insert(v, n);
            self.stack.push(v);
            self.on_stack.insert(v);
            for &w in &self.next[v] {
                if !self.index.contains_key(w) {
                    self.visit(w);
                    let low = self.low[v].min(self.low[w]);
                    self.low.insert(v, low);
                } else if self.on_stack.contains(w) {
                    let low = self.low[v].min(self.index[w]);
                    self.low.insert(v, low);
                }
            }
            if self.low[v] == self.index[v] {
                let mut group = Vec::new();
                while let Some(w) = self.stack.pop() {
                    self.on_stack.remove(w);
                    group.push(w.to_string());
                    if w == v {
                        break;
                    }
                }
                if group.len() > 1 {
                    group.sort();
                    self.groups.push(group);
                }
            }
        }
    }
    let mut tarjan = Tarjan {
        next: &next,
        index: HashMap::new(),
        low: HashMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        groups: Vec::new(),
    };
    for &v in next.keys() {
        if !tarjan.index.contains_key(v) {
            tarjan.visit(v);
        }
    }
    tarjan.groups.sort();
    tarjan.groups
}

/// The elementary circles within one group, each from its first file, shortest first,
/// at most `limit` of them.
fn circles_in(group: &[String], graph: &Graph, limit: usize) -> Vec<Vec<String>> {
    fn extend(
        path: &mut Vec<usize>,
        next: &[Vec<usize>],
        found: &mut Vec<Vec<usize>>,
        limit: usize,
    ) {
        let (start, last) = (path[0], *path.last().unwrap());
        for &w in &next[last] {
            if found.len() >= limit {
                return;
            }
            if w == start {
                found.push(path.clone());
            } else if w > start && !path.contains(&w) {
                path.push(w);
                extend(path, next, found, limit);
                path.pop();
            }
        }
    }
    let next: Vec<Vec<usize>> = group
        .iter()
        .map(|from| {
            (0..group.len())
                .filter(|&j| graph.contains_key(&(from.clone(), group[j].clone())))
                .collect()
        })
        .collect();
    let mut found = Vec::new();
    for start in 0..group.len() {
        extend(&mut vec![start], &next, &mut found, limit);
    }
    found.sort_by_key(|c| (c.len(), c.clone()));
    found
        .into_iter()
        .map(|c| c.into_iter().map(|i| group[i].clone()).collect())
        .collect()
}

/// The report of every circle in `graph`: empty when there is none.
fn circle_report(graph: &Graph) -> String {
    let groups = circle_groups(graph);
    let mut out = String::new();
    for (n, group) in groups.iter().enumerate() {
        out += &format!(
            "circle group {} of {}: {}\n",
            n + 1,
            groups.len(),
            group.join(", ")
        );
        let circles = circles_in(group, graph, CIRCLES_SOUGHT);
        for circle in circles.iter().take(CIRCLES_SHOWN) {
            out += &format!("  {} → {}\n", circle.join(" → "), circle[0]);
        }
        if circles.len() > CIRCLES_SHOWN {
            out += &format!("  and {} longer circles\n", circles.len() - CIRCLES_SHOWN);
        }
        for ((from, to), reasons) in graph {
            if group.contains(from) && group.contains(to) {
                let mut shown: Vec<&str> = reasons
                    .iter()
                    .take(REASONS_SHOWN)
                    .map(String::as_str)
                    .collect();
                if reasons.len() > REASONS_SHOWN {
                    shown.push("…");
                }
                out += &format!("    {from} uses {to}: {}\n", shown.join(", "));
            }
        }
    }
    out
}

/// The graph of the crate in `files` (path → text), rooted at `src/lib.rs`.
fn graph_of(files: &[(&str, &str)]) -> Graph {
    let files: HashMap<&str, &str> = files.iter().copied().collect();
    let read = |path: &str| files.get(path).map(|s| s.to_string());
    Crate::load("src/lib.rs", &read).unwrap().graph()
}

/// The library crate of src/, read once for the tests below that check it (parsing
/// every file is most of their time).
fn src_crate() -> &'static Crate {
    static CRATE: std::sync::OnceLock<Crate> = std::sync::OnceLock::new();
    CRATE.get_or_init(|| {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let read = |path: &str| std::fs::read_to_string(root.join(path)).ok();
        Crate::load("src/lib.rs", &read).unwrap_or_else(|e| panic!("{e}"))
    })
}

fn all_rs_files(dir: &std::path::Path, root: &std::path::Path, out: &mut BTreeSet<String>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            all_rs_files(&path, root, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let relative = path.strip_prefix(root).unwrap();
            out.insert(relative.to_str().unwrap().replace('\\', "/"));
        }
    }
}

/// Circles still being dissolved by branches of issue 25 ("One house, third pass"), each
/// with the branch that owns it and the folders it may lie in: a circle passes only when
/// all its files are in one entry's folders. An entry goes as soon as no circle is left in
/// it (the test fails on a stale one), and the list must end empty.
const BEING_DISSOLVED: &[(&str, &[&str])] = &[];

#[test]
fn no_import_circle_between_the_files_of_src() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let krate = src_crate();

    // Every file of src/ is read, so a circle cannot hide in one the check missed: all
    // but the binary's main.rs and test-only modules (and the files below them).
    let mut unread = BTreeSet::new();
    all_rs_files(&root.join("src"), root, &mut unread);
    let read_files = krate.files();
    unread.retain(|f| {
        !read_files.contains(f)
            && f != "src/main.rs"
            && !krate.test_files.iter().any(|t| {
                let folder = t.trim_end_matches(".rs").trim_end_matches("/mod");
                f == t || f.starts_with(&format!("{folder}/"))
            })
    });
    assert!(
        unread.is_empty(),
        "files the check did not read: {unread:?}"
    );

    let graph = krate.graph();
    // The check sees the layering at all: hundreds of edges between files.
    assert!(graph.len() > 200, "only {} edges", graph.len());
    let within = |group: &Vec<String>, folders: &[&str]| {
        group
            .iter()
            .all(|f| folders.iter().any(|folder| f.starts_with(folder)))
    };
    let groups = circle_groups(&graph);
    let stale: Vec<String> = BEING_DISSOLVED
        .iter()
        .filter(|(_, folders)| !groups.iter().any(|g| within(g, folders)))
        .map(|(owner, folders)| format!("{owner}: {}", folders.join(", ")))
        .collect();
    let mut tolerated = Graph::new();
    let mut new = Graph::new();
    for ((from, to), reasons) in graph {
        let in_group = groups.iter().any(|g| g.contains(&from) && g.contains(&to));
        let entry = (from, to);
        if !in_group {
            new.insert(entry, reasons);
        } else if groups.iter().any(|g| {
            g.contains(&entry.0)
                && g.contains(&entry.1)
                && BEING_DISSOLVED
                    .iter()
                    .any(|(_, folders)| within(g, folders))
        }) {
            tolerated.insert(entry, reasons);
        } else {
            new.insert(entry, reasons);
        }
    }
    let report = circle_report(&new);
    assert!(
        report.is_empty(),
        "import circles between files in src/ (docs/architecture.md: each file uses only \
         files below it; move the shared piece where it belongs):\n{report}"
    );
    if !tolerated.is_empty() {
        eprintln!(
            "circles still being dissolved:\n{}",
            circle_report(&tolerated)
        );
    }
    assert!(
        stale.is_empty(),
        "no circle is left in these entries of BEING_DISSOLVED: remove them: {stale:?}"
    );
}

/// Uses of a lower layer's module by a higher one's that other branches of issue 25 are
/// removing, as (owner, from module, to module); as with [`BEING_DISSOLVED`], an entry
/// goes once the use does (the test fails on a stale one).
const LAYER_EXCEPTIONS: &[(&str, &str, &str)] = &[];

/// The top-level module a file of `src/` belongs to: `src/ui/app.rs` is in `ui`,
/// `src/playout.rs` in `playout`; `None` for the crate root.
fn top_module(file: &str) -> Option<&str> {
    let rest = file.strip_prefix("src/")?;
    let first = rest.split('/').next()?;
    let name = first.strip_suffix(".rs").unwrap_or(first);
    (name != "lib").then_some(name)
}

/// The layers of docs/architecture.md's module table, lowest first: one row a layer, the
/// modules named in backticks in its first cell (`` `ai/`, `playout.rs` ``).
fn documented_layers(doc: &str) -> Vec<Vec<String>> {
    doc.lines()
        .skip_while(|line| !line.starts_with("| module |"))
        .skip(2)
        .take_while(|line| line.starts_with('|'))
        .map(|row| {
            let first = row.split('|').nth(1).unwrap_or("");
            first
                .split('`')
                .skip(1)
                .step_by(2)
                .map(|name| {
                    name.trim_end_matches('/')
                        .trim_end_matches(".rs")
                        .to_string()
                })
                .collect()
        })
        .collect()
}

#[test]
fn each_module_uses_only_the_layers_below_it_in_docs_architecture() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let read = |path: &str| std::fs::read_to_string(root.join(path)).ok();
    let doc = read("docs/architecture.md").expect("docs/architecture.md");
    let layers = documented_layers(&doc);
    let layer_of = |module: &str| layers.iter().position(|l| l.iter().any(|m| m == module));
    let krate = src_crate();
    let modules: BTreeSet<&str> = krate
        .modules
        .iter()
        .filter_map(|m| top_module(&m.file))
        .collect();
    let undocumented: Vec<&&str> = modules.iter().filter(|m| layer_of(m).is_none()).collect();
    assert!(
        undocumented.is_empty(),
        "modules missing from docs/architecture.md's table: {undocumented:?}"
    );
    let mut upward: BTreeMap<(&str, &str), Vec<String>> = BTreeMap::new();
    let graph = krate.graph();
    for ((from, to), reasons) in &graph {
        let (Some(a), Some(b)) = (top_module(from), top_module(to)) else {
            continue;
        };
        if layer_of(b) > layer_of(a) {
            let why = format!("{from} uses {to}: {}", reasons.iter().next().unwrap());
            upward.entry((a, b)).or_default().push(why);
        }
    }
    let stale: Vec<_> = LAYER_EXCEPTIONS
        .iter()
        .filter(|(_, a, b)| !upward.contains_key(&(*a, *b)))
        .collect();
    upward.retain(|(a, b), _| !LAYER_EXCEPTIONS.iter().any(|(_, x, y)| x == a && y == b));
    let report: Vec<String> = upward
        .iter()
        .map(|((a, b), why)| {
            let shown: Vec<&str> = why.iter().take(REASONS_SHOWN).map(String::as_str).collect();
            format!("{a} uses {b}, a higher layer: {}", shown.join("; "))
        })
        .collect();
    assert!(
        report.is_empty(),
        "uses of a higher layer (docs/architecture.md's table, lowest first):\n{}",
        report.join("\n")
    );
    assert!(
        stale.is_empty(),
        "these uses are gone: remove them from LAYER_EXCEPTIONS: {stale:?}"
    );
}

/// The names in backticks in `text` (`` `ui/` ``, `` `app.rs` ``, `` `ui::InputParser` ``).
fn ticked_names(text: &str) -> Vec<&str> {
    text.split('`').skip(1).step_by(2).collect()
}

/// The text of docs/architecture.md's section `## \`folder/\``, up to the next heading,
/// or else its table's row for `folder/`.
fn section<'a>(doc: &'a str, folder: &str) -> &'a str {
    let heading = format!("\n## `{folder}/`\n");
    if let Some(at) = doc.find(&heading) {
        let rest = &doc[at + heading.len()..];
        return &rest[..rest.find("\n## ").unwrap_or(rest.len())];
    }
    let row = format!("\n| `{folder}/` |");
    let at = doc
        .find(&row)
        .unwrap_or_else(|| panic!("docs/architecture.md has no section or row {row:?}"))
        + 1;
    let rest = &doc[at..];
    &rest[..rest.find('\n').unwrap_or(rest.len())]
}

/// Whether `names` (the ticked names of a section about `src/FOLDER/`) name `file`, a
/// file of that folder (`src/ui/line/commands.rs`): by its stem (`commands`), its file
/// name (`commands.rs`), its path below the folder (`line/commands.rs`) or, for a
/// `mod.rs`, its folder (`line/`, `line`), or as the first step of a path
/// (`caught::catching`).
fn names_file(names: &[&str], folder: &str, file: &str) -> bool {
    let below = file.strip_prefix(&format!("src/{folder}/")).unwrap_or(file);
    let (path, stem) = match below.strip_suffix("/mod.rs") {
        Some(dir) => (format!("{dir}/"), dir.rsplit('/').next().unwrap_or(dir)),
        None => {
            let stem = below.trim_end_matches(".rs");
            (below.to_string(), stem.rsplit('/').next().unwrap_or(stem))
        }
    };
    let file_name = format!("{stem}.rs");
    names.iter().any(|name| {
        let name = name.trim_end_matches(&['(', ')'][..]);
        name == stem
            || name == file_name
            || name == path
            || name.trim_end_matches('/') == path.trim_end_matches('/')
            || name.ends_with(&format!("/{path}"))
            || name.split("::").next() == Some(stem)
    })
}

/// The sections (or table rows) of docs/architecture.md that list a folder's files one
/// by one: each file of those folders the library is built from (not test-only) is named
/// there, so the map cannot leave a new file out (ui's `line/`, the line mode, was
/// missing, and record's `encoding.rs`).
const SECTIONS_OF_FILES: &[&str] = &["ai", "ui", "server", "record", "session", "prefs", "text"];

#[test]
fn docs_architecture_names_each_file_of_its_detailed_folders() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let read = |path: &str| std::fs::read_to_string(root.join(path)).ok();
    let doc = read("docs/architecture.md").expect("docs/architecture.md");
    let krate = src_crate();
    let mut missing = Vec::new();
    for folder in SECTIONS_OF_FILES {
        let names = ticked_names(section(&doc, folder));
        let prefix = format!("src/{folder}/");
        let files: Vec<String> = krate
            .files()
            .into_iter()
            .filter(|f| f.starts_with(&prefix) && f != &format!("{prefix}mod.rs"))
            .collect();
        assert!(files.len() > 1, "only {files:?} in {prefix}");
        missing.extend(files.into_iter().filter(|f| !names_file(&names, folder, f)));
    }
    assert!(
        missing.is_empty(),
        "files docs/architecture.md's map of their folder does not name: {missing:?}"
    );
}

#[test]
fn each_file_docs_architecture_names_exists() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let doc = std::fs::read_to_string(root.join("docs/architecture.md")).unwrap();
    let mut files = BTreeSet::new();
    for dir in ["src", "tests", "examples", "benches"] {
        all_rs_files(&root.join(dir), root, &mut files);
    }
    let gone: Vec<&str> = ticked_names(&doc)
        .into_iter()
        .filter(|name| name.ends_with(".rs") && !name.contains(' '))
        .filter(|name| {
            !files
                .iter()
                .any(|f| f == name || f.ends_with(&format!("/{name}")))
        })
        .collect();
    assert!(
        gone.is_empty(),
        "files docs/architecture.md names that src/ (or tests/, examples/) lacks: {gone:?}"
    );
}

// The checker's own tests, on crates made by hand.

/// The circles of a hand-made crate, as sorted groups of files.
fn groups(files: &[(&str, &str)]) -> Vec<Vec<String>> {
    circle_groups(&graph_of(files))
}

fn group(files: &[&str]) -> Vec<String> {
    files.iter().map(|f| f.to_string()).collect()
}

#[test]
fn checker_two_files_that_use_each_other_are_a_circle() {
    let files = [
        ("src/lib.rs", "mod a; mod b;"),
        ("src/a.rs", "use crate::b::B; pub struct A(B);"),
        ("src/b.rs", "pub struct B; fn f(_: crate::a::A) {}"),
    ];
    assert_eq!(groups(&files), [group(&["src/a.rs", "src/b.rs"])]);
    let report = circle_report(&graph_of(&files));
    assert!(
        report.contains("src/a.rs → src/b.rs → src/a.rs"),
        "{report}"
    );
    assert!(
        report.contains("src/a.rs uses src/b.rs: use crate::b::B"),
        "{report}"
    );
    assert!(
        report.contains("src/b.rs uses src/a.rs: crate::a::A"),
        "{report}"
    );
}

#[test]
fn checker_a_one_way_use_is_no_circle() {
    let files = [
        ("src/lib.rs", "mod a; mod b;"),
        ("src/a.rs", "use crate::b::B; pub struct A(B);"),
        ("src/b.rs", "pub struct B;"),
    ];
    let graph = graph_of(&files);
    assert_eq!(
        graph.keys().collect::<Vec<_>>(),
        [&("src/a.rs".into(), "src/b.rs".into())]
    );
    assert!(circle_groups(&graph).is_empty());
}

#[test]
fn checker_a_re_export_leads_to_the_defining_file_not_the_mod_rs() {
    // a/mod.rs re-exports both children; x uses y through it, and lib.rs uses x through it.
    // mod.rs uses neither: no circle through it, and x's edge goes to y.rs.
    let files = [
        ("src/lib.rs", "mod a; fn f(_: a::X) {}"),
        (
            "src/a/mod.rs",
            "mod x; mod y; pub use x::X; pub use self::y::Y; pub struct Z;",
        ),
        ("src/a/x.rs", "use super::Y; pub struct X(Y, super::Z);"),
        ("src/a/y.rs", "pub struct Y;"),
    ];
    let graph = graph_of(&files);
    let edges: Vec<_> = graph.keys().cloned().collect();
    let edge = |a: &str, b: &str| (a.to_string(), b.to_string());
    assert_eq!(
        edges,
        [
            edge("src/a/x.rs", "src/a/mod.rs"),
            edge("src/a/x.rs", "src/a/y.rs"),
            edge("src/lib.rs", "src/a/x.rs"),
        ]
    );
    assert!(circle_groups(&graph).is_empty());
    // Once y uses x (through the re-export), x and y form a circle, and mod.rs is not in it.
    let mut files = files;
    files[3] = ("src/a/y.rs", "pub struct Y; fn f(_: crate::a::X) {}");
    assert_eq!(groups(&files), [group(&["src/a/x.rs", "src/a/y.rs"])]);
}

#[test]
fn checker_a_re_export_the_file_itself_uses_is_an_edge() {
    let files = [
        ("src/lib.rs", "mod a;"),
        (
            "src/a/mod.rs",
            "mod x; pub use x::X; fn f(_: X) {} pub struct Z;",
        ),
        ("src/a/x.rs", "pub struct X(super::Z);"),
    ];
    assert_eq!(groups(&files), [group(&["src/a/mod.rs", "src/a/x.rs"])]);
}

#[test]
fn checker_test_only_code_comments_and_strings_are_not_imports() {
    let files = [
        ("src/lib.rs", "mod a; mod b;"),
        ("src/a.rs", "pub fn f() { crate::b::g() }"),
        (
            "src/b.rs",
            r#"
            /// Calls [`crate::a::f`] in a doc link.
            pub fn g() {
                // crate::a::f() in a comment
                let _ = "crate::a::f()";
                #[cfg(test)]
                crate::a::f();
            }
            #[cfg(test)]
            fn helper() { crate::a::f() }
            #[cfg(all(test, unix))]
            use crate::a::f;
            #[cfg(test)]
            mod tests { use crate::a::f; }
            #[cfg(test)]
            mod more;
            "#,
        ),
        ("src/b/more.rs", "use crate::a::f;"),
    ];
    assert!(groups(&files).is_empty());
    // A cfg that also holds outside tests counts.
    let mut files = files;
    files[2].1 = "pub fn g() {} #[cfg(any(test, unix))] use crate::a::f;";
    assert_eq!(groups(&files), [group(&["src/a.rs", "src/b.rs"])]);
    files[2].1 = "pub fn g() {} #[cfg(not(test))] use crate::a::f;";
    assert_eq!(groups(&files), [group(&["src/a.rs", "src/b.rs"])]);
}

#[test]
fn checker_paths_in_code_through_imported_and_child_modules() {
    // b imports the module c and calls into its child file; c's child calls back into b.
    let files = [
        ("src/lib.rs", "mod b; mod c;"),
        (
            "src/b.rs",
            "use crate::c; pub fn g() { c::h() } pub struct B;",
        ),
        ("src/c/mod.rs", "mod inner; pub use inner::h;"),
        (
            "src/c/inner.rs",
            "pub fn h() { let _ = super::super::b::B; }",
        ),
    ];
    assert_eq!(groups(&files), [group(&["src/b.rs", "src/c/inner.rs"])]);
    // A module imported but not used leads nowhere.
    let mut files = files;
    files[1].1 = "use crate::c; pub struct B;";
    assert!(groups(&files).is_empty());
}

#[test]
fn checker_inline_modules_belong_to_their_file() {
    // strings-like: texts in inline modules of one file; the user's file depends on it.
    let files = [
        ("src/lib.rs", "mod s; mod u;"),
        (
            "src/s.rs",
            "pub mod start { pub const T: &str = \"\"; pub fn f() -> usize { super::N } } \
             const N: usize = 1; pub mod game { pub fn g() -> super::start::X { todo!() } }",
        ),
        (
            "src/u.rs",
            "pub struct U; fn f() -> &'static str { crate::s::start::T }",
        ),
    ];
    let graph = graph_of(&files);
    assert_eq!(
        graph.keys().cloned().collect::<Vec<_>>(),
        [("src/u.rs".to_string(), "src/s.rs".to_string())]
    );
    let mut files = files;
    files[1].1 = "pub mod start { pub const T: &str = \"\"; pub fn f(_: crate::u::U) {} }";
    assert_eq!(groups(&files), [group(&["src/s.rs", "src/u.rs"])]);
}

#[test]
fn checker_globs_count_only_the_names_used() {
    let files = [
        ("src/lib.rs", "mod a; mod b;"),
        (
            "src/a.rs",
            "pub struct A; pub struct Unused; fn f(_: crate::b::B) {}",
        ),
        ("src/b.rs", "use crate::a::*; pub struct B; fn g(_: B) {}"),
    ];
    assert!(groups(&files).is_empty());
    let mut files = files;
    files[2].1 = "use crate::a::*; pub struct B; fn g(_: A) {}";
    assert_eq!(groups(&files), [group(&["src/a.rs", "src/b.rs"])]);
}

#[test]
fn checker_other_crates_locals_and_variants_stay_out() {
    // std's paths, a type's associated items and an enum's variants in its own file.
    let files = [
        ("src/lib.rs", "mod a; mod b;"),
        (
            "src/a.rs",
            "use std::fmt; pub enum E { X } impl E { fn f(self) -> Self { E::X } } \
             fn g<T: Default>() -> T { let v = Vec::<u8>::new(); v.len(); T::default() } \
             fn h() { ::std::mem::drop(1); fmt::Error; }",
        ),
        ("src/b.rs", "use crate::a::E; fn f() -> E { E::X }"),
    ];
    let graph = graph_of(&files);
    assert_eq!(
        graph.into_iter().collect::<Vec<_>>(),
        [(
            ("src/b.rs".to_string(), "src/a.rs".to_string()),
            ["use crate::a::E".to_string(), "E::X".to_string()].into()
        )]
    );
}

#[test]
fn checker_three_files_in_a_ring_are_named_in_order() {
    let files = [
        ("src/lib.rs", "mod a; mod b; mod c;"),
        ("src/a.rs", "pub struct A(crate::b::B);"),
        ("src/b.rs", "pub struct B(crate::c::C);"),
        ("src/c.rs", "pub struct C(Box<crate::a::A>);"),
    ];
    let report = circle_report(&graph_of(&files));
    assert!(
        report.starts_with("circle group 1 of 1: src/a.rs, src/b.rs, src/c.rs\n"),
        "{report}"
    );
    assert!(
        report.contains("  src/a.rs → src/b.rs → src/c.rs → src/a.rs\n"),
        "{report}"
    );
}

#[test]
fn checker_reads_the_layers_from_the_table_lowest_first() {
    let doc = "# A\n\ntext\n\n| module | job |\n| --- | --- |\n| `text/` | a |\n\
               | `ai/`, `playout.rs` | b, `not/` |\n| `cli/` | c |\n\nafter\n| `x/` | d |\n";
    assert_eq!(
        documented_layers(doc),
        [vec!["text"], vec!["ai", "playout"], vec!["cli"]]
    );
    assert_eq!(top_module("src/ui/app/served.rs"), Some("ui"));
    assert_eq!(top_module("src/playout.rs"), Some("playout"));
    assert_eq!(top_module("src/lib.rs"), None);
}
