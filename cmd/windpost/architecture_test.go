package main

import (
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// docs/architecture.md's table says of each package what it owns and which
// of our packages it imports, and its arrows point down the table only.
// TestArchitectureTable holds the table to `go list`: every package of the
// module has a row, every import of ours is one the row allows (and lies
// above it in the table), and every package a row names as imported is
// imported. Every package has a doc comment.

const modulePath = "github.com/windpost/windpost/"

// archRow is one row of the table: the packages it is about and what its
// last column allows them to import.
type archRow struct {
	line       int
	pkgs       []string // module-relative paths; a trailing "/*" is every package below
	imports    []string // named in the column, each backticked
	everything bool     // "everything"
	above      bool     // "all of the above", "and below", "below": the rows above
	engine     bool     // "its engine", "the engine": rules/<game> of the row's game
	engines    bool     // "the engines": any rules/<game>
	none       bool     // "none" or "—"
}

var backticked = regexp.MustCompile("`([^`]+)`")

func readArchitecture(t *testing.T) []archRow {
	t.Helper()
	b, err := os.ReadFile("../../docs/architecture.md")
	if err != nil {
		t.Fatal(err)
	}
	var rows []archRow
	for i, l := range strings.Split(string(b), "\n") {
		if !strings.HasPrefix(l, "| `") {
			continue
		}
		cols := strings.Split(strings.Trim(l, "| "), " | ")
		if len(cols) < 3 {
			t.Fatalf("architecture.md:%d: a row of %d columns, want 3", i+1, len(cols))
		}
		r := archRow{line: i + 1}
		for _, m := range backticked.FindAllStringSubmatch(cols[0], -1) {
			r.pkgs = append(r.pkgs, m[1])
		}
		last := cols[len(cols)-1]
		for _, m := range backticked.FindAllStringSubmatch(last, -1) {
			r.imports = append(r.imports, m[1])
		}
		r.everything = strings.Contains(last, "everything")
		r.above = strings.Contains(last, "above") || strings.Contains(last, "below")
		r.engine = strings.Contains(last, "engine")
		r.engines = strings.Contains(last, "the engines")
		r.none = last == "none" || last == "—"
		rows = append(rows, r)
	}
	if len(rows) < 10 {
		t.Fatalf("architecture.md: %d rows read, the table was not found", len(rows))
	}
	return rows
}

// covers reports whether the row's name (perhaps "notation/<game>" or
// "games/internal/*") names pkg.
func covers(name, pkg string) bool {
	switch {
	case strings.HasSuffix(name, "/*"):
		return strings.HasPrefix(pkg, strings.TrimSuffix(name, "*"))
	case strings.HasSuffix(name, "/<game>"):
		rest, ok := strings.CutPrefix(pkg, strings.TrimSuffix(name, "<game>"))
		return ok && slices.Contains([]string{"gufuu", "microshogi", "julgonu"}, rest)
	}
	return name == pkg
}

// goPackages lists the module's packages with the imports of ours of their
// non-test files, module-relative; a package without a doc comment fails
// the test.
func goPackages(t *testing.T) map[string][]string {
	t.Helper()
	out, err := exec.Command("go", "list", "-json", "../../...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	pkgs := map[string][]string{}
	dec := json.NewDecoder(strings.NewReader(string(out)))
	for dec.More() {
		var p struct {
			ImportPath, Doc string
			Imports         []string
		}
		if err := dec.Decode(&p); err != nil {
			t.Fatal(err)
		}
		if p.Doc == "" {
			t.Errorf("package %s has no doc comment", p.ImportPath)
		}
		var ours []string
		for _, imp := range p.Imports {
			if rel, ok := strings.CutPrefix(imp, modulePath); ok {
				ours = append(ours, rel)
			}
		}
		pkgs[strings.TrimPrefix(p.ImportPath, modulePath)] = ours
	}
	return pkgs
}

func TestArchitectureTable(t *testing.T) {
	rows := readArchitecture(t)
	pkgs := goPackages(t)
	rowOf := func(pkg string) int {
		for i, r := range rows {
			for _, name := range r.pkgs {
				if covers(name, pkg) && !strings.HasSuffix(name, "/*") {
					return i
				}
			}
		}
		return -1
	}
	for pkg, imports := range pkgs {
		i := rowOf(pkg)
		if i < 0 {
			t.Errorf("package %s has no row in docs/architecture.md", pkg)
			continue
		}
		r := rows[i]
		for _, imp := range imports {
			j := rowOf(imp)
			if j >= i && !slices.Contains(r.pkgs, imp+"/*") {
				t.Errorf("architecture.md:%d: %s imports %s, which is not above it in the table", r.line, pkg, imp)
			}
			named := slices.ContainsFunc(r.imports, func(name string) bool { return covers(name, imp) })
			engine := r.engine && covers("rules/<game>", imp) &&
				(r.engines || strings.Contains(pkg, strings.TrimPrefix(imp, "rules/")))
			if r.none || !(named || engine || r.above || r.everything) {
				t.Errorf("architecture.md:%d: %s imports %s, which its row does not say", r.line, pkg, imp)
			}
		}
		if len(r.pkgs) == 1 && !r.above {
			for _, name := range r.imports {
				if !slices.ContainsFunc(imports, func(imp string) bool { return covers(name, imp) }) {
					t.Errorf("architecture.md:%d: %s does not import %s, which its row says it does", r.line, pkg, name)
				}
			}
		}
	}
}

// TestGamesHouse keeps the games tree in rooms of a size one can read: no
// non-test file over 400 lines, no type with more than 30 methods of its
// own (issue 19's measure; the methods a type embeds count for the type
// that declares them).
func TestGamesHouse(t *testing.T) {
	const maxLines, maxMethods = 400, 30
	fset := token.NewFileSet()
	methods := map[string]int{} // "dir.Type" -> methods declared
	err := filepath.WalkDir("../../games", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if n := strings.Count(string(src), "\n"); n > maxLines {
			t.Errorf("%s: %d lines, over %d", path, n, maxLines)
		}
		f, err := parser.ParseFile(fset, path, src, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		for _, decl := range f.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok || fn.Recv == nil {
				continue
			}
			typ := fn.Recv.List[0].Type
			if star, ok := typ.(*ast.StarExpr); ok {
				typ = star.X
			}
			if gen, ok := typ.(*ast.IndexExpr); ok {
				typ = gen.X
			}
			if id, ok := typ.(*ast.Ident); ok {
				methods[filepath.Dir(path)+"."+id.Name]++
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(methods) < 20 {
		t.Fatalf("%d types with methods found under games: the walk missed the tree", len(methods))
	}
	for typ, n := range methods {
		if n > maxMethods {
			t.Errorf("%s has %d methods, over %d", typ, n, maxMethods)
		}
	}
}

// TestGamesFileMap holds each map of its files in the games tree to the
// files: the doc.go of games, of internal/referee and of
// internal/clubplay. Each non-test file is named in its package's map (games' verb
// files may go by verb_*.go), and each file named is there.
func TestGamesFileMap(t *testing.T) {
	for _, dir := range []string{"../../games", "../../games/internal/referee", "../../games/internal/clubplay"} {
		doc, err := os.ReadFile(filepath.Join(dir, "doc.go"))
		if err != nil {
			t.Fatal(err)
		}
		named := map[string]bool{}
		for _, m := range regexp.MustCompile(`\b[a-z_*]+\.go\b`).FindAllString(string(doc), -1) {
			named[m] = true
		}
		files, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		have := map[string]bool{}
		for _, f := range files {
			name := filepath.Base(f)
			if strings.HasSuffix(name, "_test.go") || name == "doc.go" {
				continue
			}
			have[name] = true
			if !named[name] && !(strings.HasPrefix(name, "verb_") && named["verb_*.go"]) {
				t.Errorf("%s/%s is not in its doc.go's map of its files", dir, name)
			}
		}
		if len(have) < 10 {
			t.Fatalf("%s: %d files found: the glob missed the package", dir, len(have))
		}
		for name := range named {
			if !strings.Contains(name, "*") && !have[name] {
				t.Errorf("%s/doc.go names %s, which the package does not have", dir, name)
			}
		}
	}
}
