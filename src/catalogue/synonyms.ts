/**
 * A small designer's thesaurus: each group lists words a designer uses for the same icon.
 * A query word also finds icons named or tagged with any word of its groups.
 */
const GROUPS: readonly string[] = [
  'delete trash bin remove garbage rubbish erase discard',
  'remove minus subtract',
  'settings gear cog cogs preferences options configuration',
  'home house homepage',
  'search magnifier magnifying find zoom lookup',
  'user person account profile avatar people member',
  'users people group team',
  'close x xmark cross dismiss cancel',
  'add plus new create',
  'edit pencil pen write modify compose',
  'image picture photo photograph',
  'mail email envelope letter inbox',
  'phone call telephone',
  'message chat comment bubble conversation',
  'notification bell alert',
  'warning alert caution danger exclamation triangle',
  'info information help',
  'help question support',
  'check tick checkmark done success confirm',
  'calendar date event schedule',
  'time clock hour watch',
  'heart like love favourite favorite',
  'star favourite favorite rating bookmark',
  'lock padlock secure locked security',
  'eye view visible show visibility',
  'hide invisible hidden',
  'location pin marker place map',
  'refresh reload sync rotate update',
  'menu hamburger bars burger',
  'more dots ellipsis kebab meatballs overflow',
  'filter funnel',
  'chart graph statistics analytics diagram',
  'cart basket shopping trolley',
  'money cash currency dollar payment coin',
  'folder directory',
  'file document page paper',
  'link chain url hyperlink',
  'attach attachment paperclip clip',
  'copy duplicate clone',
  'save floppy disk',
  'print printer',
  'volume sound speaker audio',
  'mute silent',
  'video film movie',
  'music note song audio',
  'download save import',
  'upload export',
  'share send',
  'logout exit signout leave',
  'login signin enter',
  'sun brightness day',
  'moon night dark',
  'wifi wireless network signal',
  'globe world earth internet web language',
  'gift present',
  'trophy award prize cup',
  'flag report',
  'tag label price',
  'undo back revert',
  'redo forward',
  'play start',
  'stop halt',
  'expand maximize fullscreen',
  'collapse minimize',
  'grid apps dashboard layout',
  'list bullets',
  'lightbulb idea bulb',
  'car vehicle automobile',
  'plane airplane flight aeroplane',
  'building office company',
  'cloud weather',
  'key password',
  'shield protection security',
  'thumbs like approve',
  'bag briefcase work',
  'book read library'
]

const THESAURUS: ReadonlyMap<string, readonly string[]> = (() => {
  const map = new Map<string, Set<string>>()
  for (const group of GROUPS) {
    const words = group.split(' ')
    for (const word of words) {
      const synonyms = map.get(word) ?? new Set<string>()
      for (const other of words) if (other !== word) synonyms.add(other)
      map.set(word, synonyms)
    }
  }
  return new Map([...map].map(([word, synonyms]) => [word, [...synonyms]]))
})()

export function synonymsOf(word: string): readonly string[] {
  return THESAURUS.get(word) ?? []
}
