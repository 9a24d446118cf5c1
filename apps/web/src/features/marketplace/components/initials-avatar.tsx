/** Colours an avatar may take; one per username, always the same. White reads on each at 4.5:1 or more. */
const palette = ["#037a4e", "#1d4ed8", "#6d28d9", "#b45309", "#b91c1c", "#0369a1", "#be185d", "#0f766e"];

function colorOf(name: string): string {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return palette[hash % palette.length] ?? "#037a4e";
}

/** A user's picture, or their initials on a colour of their own. Decorative: the name is beside it. */
export function InitialsAvatar({ name, src, size = 40 }: { name: string; src: string | null; size?: number }) {
  const style = { width: size, height: size, borderRadius: "50%", flex: "none" } as const;
  if (src) return <img src={src} alt="" style={{ ...style, objectFit: "cover" }} />;
  return (
    <span
      aria-hidden="true"
      style={{
        ...style,
        display: "inline-flex",
        alignItems: "center",
        justifyContent: "center",
        background: colorOf(name),
        color: "#fff",
        fontWeight: 700,
        fontSize: size * 0.38,
        letterSpacing: "0.02em",
      }}
    >
      {name.slice(0, 2).toUpperCase()}
    </span>
  );
}
