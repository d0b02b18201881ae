/** Share links of a post (D13): the networks' own share URLs and a mailto:. */
export function shareLinks(url: string, title: string) {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(title);
  return [
    { network: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { network: 'Twitter', href: `https://twitter.com/intent/tweet?url=${u}&text=${t}` },
    { network: 'LinkedIn', href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}` },
    { network: 'Email', href: `mailto:?subject=${t}&body=${u}` },
  ];
}
