package referee

import "slices"

// Files a mail carries besides its text (a game's record, "export"): the
// outbox keeps them with the mail, so they survive a restart, and the
// mailer attaches them (multipart/mixed around the mail's text, HTML and
// picture).

// DefaultAttachmentBytes is Config.AttachmentBytes's default: the files of
// one answer together, before encoding. A game's records take a few KiB,
// so it is room for several games while the mail (base64 adds a third)
// stays well under the size mail servers take.
const DefaultAttachmentBytes = 64 << 10

func (cfg Config) AttachmentByteLimit() int {
	return orDefault(cfg.AttachmentBytes, DefaultAttachmentBytes)
}

// attachmentSize is the bytes of the files as.
func attachmentSize(as []Attachment) int {
	n := 0
	for _, a := range as {
		n += len(a.Data)
	}
	return n
}

// Attach adds files to the answer, replacing a file of the same name (the
// same game exported twice). It refuses files that would take the
// answer's files past limit bytes, and adds none of them then.
func (a *Reply) Attach(limit int, files ...Attachment) error {
	kept := slices.DeleteFunc(slices.Clone(a.Attachments), func(old Attachment) bool {
		return slices.ContainsFunc(files, func(f Attachment) bool { return f.Name == old.Name })
	})
	if n := attachmentSize(kept) + attachmentSize(files); n > limit {
		return Refused("the files would make the answer too large (%d bytes, at most %d in one mail).", n, limit).
			Instead("Ask for fewer games in one mail.")
	}
	a.Attachments = append(kept, files...)
	return nil
}

// withAttachments is an adjustment of a queued mail: it carries as.
func withAttachments(as []Attachment) func(*Mail) {
	return func(m *Mail) { m.Attachments = slices.Clone(as) }
}
