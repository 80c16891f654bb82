package referee

import (
	"encoding/json"
	"reflect"
	"testing"
	"time"
)

// fillValue sets every exported field reachable from v to a value that is
// not its zero (a slice gets one element), so that a round trip that drops
// a field shows.
func fillValue(t *testing.T, v reflect.Value, path string) {
	t.Helper()
	switch v.Kind() {
	case reflect.String:
		v.SetString("x-" + path)
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Int, reflect.Int64, reflect.Int32:
		if v.Type() == reflect.TypeOf(time.Duration(0)) {
			v.SetInt(int64(time.Minute))
			return
		}
		v.SetInt(7)
	case reflect.Uint8:
		v.SetUint(7)
	case reflect.Pointer:
		v.Set(reflect.New(v.Type().Elem()))
		fillValue(t, v.Elem(), path)
	case reflect.Slice:
		s := reflect.MakeSlice(v.Type(), 1, 1)
		fillValue(t, s.Index(0), path+"[0]")
		v.Set(s)
	case reflect.Struct:
		if v.Type() == reflect.TypeOf(time.Time{}) {
			v.Set(reflect.ValueOf(time.Date(2026, 11, 27, 21, 0, 0, 0, time.UTC)))
			return
		}
		for i := range v.NumField() {
			if f := v.Type().Field(i); f.IsExported() {
				fillValue(t, v.Field(i), path+"."+f.Name)
			}
		}
	default:
		t.Fatalf("%s: fill a %s", path, v.Kind())
	}
}

// TestContinuationKeepsTheMail: the continuation keeps a handling's
// mailState whole. Every field of it, and every field of the answer, the
// request and the consent it holds, comes back after the bot-work bucket's
// JSON, so that a field added later cannot be forgotten across the bot's
// turn (the bug of an "export" whose attachment was lost).
func TestContinuationKeepsTheMail(t *testing.T) {
	var m MailState
	fillValue(t, reflect.ValueOf(&m).Elem(), "mailState")
	data, err := json.Marshal(&Continuation{MailState: m})
	if err != nil {
		t.Fatal(err)
	}
	var back Continuation
	if err := json.Unmarshal(data, &back); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back.MailState, m) {
		t.Errorf("the continuation lost part of the mail:\n got %+v\nwant %+v", back.MailState, m)
	}
}
