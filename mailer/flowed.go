package mailer

import gomail "github.com/wneessen/go-mail"

// flowedPlain is the media type of the text part, the mail's document
// rendered as format=flowed (RFC 3676, document.Document.Flowed) with
// DelSp=no. go-mail writes it as the part's Content-Type and
// adds the charset (UTF-8) after it.
const flowedPlain gomail.ContentType = "text/plain; format=flowed; delsp=no"
