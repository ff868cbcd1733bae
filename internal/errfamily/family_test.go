package errfamily_test

import (
	"errors"
	"fmt"
	"testing"

	"github.com/deltajson/deltajson/ledger"
	"github.com/deltajson/deltajson/provider"
	"github.com/deltajson/deltajson/repair"
	"github.com/deltajson/deltajson/resume"
	"github.com/deltajson/deltajson/tokenizer"
)

// TestOneFamily holds every package's sentinels to one family: errors.Is
// answers alike whichever package's name a caller tests with.
func TestOneFamily(t *testing.T) {
	limits := map[string]error{
		"tokenizer.ErrDepthLimit":      tokenizer.ErrDepthLimit,
		"tokenizer.ErrNumberLimit":     tokenizer.ErrNumberLimit,
		"resume.ErrTooLarge":           resume.ErrTooLarge,
		"resume.ErrTotalTooLarge":      resume.ErrTotalTooLarge,
		"resume.ErrTooManyCalls":       resume.ErrTooManyCalls,
		"resume.ErrIdentityTooLong":    resume.ErrIdentityTooLong,
		"repair.ErrTooLarge":           repair.ErrTooLarge,
		"repair.ErrTooManyEdits":       repair.ErrTooManyEdits,
		"repair.ErrTooDeep":            repair.ErrTooDeep,
		"provider.ErrTooLarge":         provider.ErrTooLarge,
		"ledger.ErrIDTooLong":          ledger.ErrIDTooLong,
		"ledger.ErrCheckpointTooLarge": ledger.ErrCheckpointTooLarge,
	}
	for name, err := range limits {
		if !errors.Is(fmt.Errorf("wrapped: %w", err), tokenizer.ErrLimit) {
			t.Errorf("%s does not match tokenizer.ErrLimit", name)
		}
		if errors.Is(err, tokenizer.ErrSyntax) {
			t.Errorf("%s matches tokenizer.ErrSyntax", name)
		}
		// errors.Is answers alike both ways: two limits of their own
		// share ErrLimit and nothing else.
		for other, o := range limits {
			if other != name && errors.Is(err, o) {
				t.Errorf("%s matches %s", name, other)
			}
		}
	}
	same := [][2]error{
		{repair.ErrSyntax, tokenizer.ErrSyntax},
		{repair.ErrDuplicateName, resume.ErrDuplicateName},
		{resume.ErrCheckpoint, tokenizer.ErrCheckpoint},
		{resume.ErrCheckpointVersion, tokenizer.ErrCheckpointVersion},
	}
	for _, p := range same {
		if p[0] != p[1] {
			t.Errorf("%v and %v are two values", p[0], p[1])
		}
	}
	if errors.Is(resume.ErrCheckpoint, tokenizer.ErrLimit) || errors.Is(tokenizer.ErrSyntax, resume.ErrDuplicateName) {
		t.Error("a sentinel matches another family member")
	}
}

// TestFamilyThroughErrors checks the family on errors the packages make,
// not only on their sentinels.
func TestFamilyThroughErrors(t *testing.T) {
	_, _, err := repair.Repair([]byte(`{"a":}`), repair.Options{})
	if !errors.Is(err, tokenizer.ErrSyntax) {
		t.Errorf("repair's syntax error %v does not match tokenizer.ErrSyntax", err)
	}
	deep := make([]byte, 0, 20002)
	for range 10001 {
		deep = append(deep, '[')
	}
	if err := tokenizer.Validate(deep); !errors.Is(err, tokenizer.ErrLimit) {
		t.Errorf("depth error %v does not match ErrLimit", err)
	}
	if _, _, err := repair.Repair(deep, repair.Options{Kinds: repair.All}); !errors.Is(err, tokenizer.ErrLimit) {
		t.Errorf("repair's depth error %v does not match tokenizer.ErrLimit", err)
	}
}
