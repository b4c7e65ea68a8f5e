// The policy pages' texts laid out: paragraphs and bulleted lists, one text each.

export function Paragraphs({ texts }: { texts: readonly string[] }) {
  return texts.map((text) => <p key={text}>{text}</p>);
}

export function List({ items }: { items: readonly string[] }) {
  return (
    <ul>
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}
