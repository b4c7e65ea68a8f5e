package media

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	awshttp "github.com/aws/aws-sdk-go-v2/aws/transport/http"
	"github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/aws/aws-sdk-go-v2/service/s3/types"
	"github.com/aws/smithy-go"
)

// S3 is a bucket of an S3-compatible store (AWS, MinIO, SeaweedFS,
// Cloudflare R2, DigitalOcean Spaces), under a prefix.
type S3 struct {
	client   *s3.Client
	bucket   string
	prefix   string // "" or ending in "/"
	endpoint string
	// opTimeout bounds each call, so an unreachable store fails an upload
	// with a message instead of holding it.
	opTimeout time.Duration
}

// OpenS3 reads s3://BUCKET/PREFIX?endpoint=URL&region=R&path_style=true.
// Credentials come from the SDK's usual chain: AWS_ACCESS_KEY_ID and
// AWS_SECRET_ACCESS_KEY first.
func OpenS3(ctx context.Context, rawURL string) (*S3, error) {
	u, err := url.Parse(rawURL)
	if err != nil || u.Scheme != "s3" || u.Host == "" {
		return nil, fmt.Errorf("SHOP_MEDIA_URL: %q is not s3://BUCKET/PREFIX", rawURL)
	}
	q := u.Query()
	region := q.Get("region")
	if region == "" {
		region = "us-east-1" // MinIO's and most compatible stores' default; R2 takes "auto"
	}
	pathStyle := false
	if v := q.Get("path_style"); v != "" {
		if pathStyle, err = strconv.ParseBool(v); err != nil {
			return nil, fmt.Errorf("SHOP_MEDIA_URL: path_style must be true or false, not %q", v)
		}
	}
	endpoint := q.Get("endpoint")
	if endpoint != "" {
		if e, err := url.Parse(endpoint); err != nil || (e.Scheme != "http" && e.Scheme != "https") || e.Host == "" {
			return nil, fmt.Errorf("SHOP_MEDIA_URL: endpoint must be an http(s) URL, not %q", endpoint)
		}
	}
	cfg, err := config.LoadDefaultConfig(ctx, config.WithRegion(region), config.WithRetryMaxAttempts(2),
		config.WithHTTPClient(awshttp.NewBuildableClient().WithTimeout(30*time.Second)))
	if err != nil {
		return nil, fmt.Errorf("SHOP_MEDIA_URL: %w", err)
	}
	client := s3.NewFromConfig(cfg, func(o *s3.Options) {
		if endpoint != "" {
			o.BaseEndpoint = aws.String(endpoint)
		}
		o.UsePathStyle = pathStyle
		// Checksums only where the API requires them: several compatible
		// stores refuse the newer default trailers.
		o.RequestChecksumCalculation = aws.RequestChecksumCalculationWhenRequired
		o.ResponseChecksumValidation = aws.ResponseChecksumValidationWhenRequired
	})
	prefix := strings.Trim(u.Path, "/")
	if prefix != "" {
		prefix += "/"
	}
	return &S3{client: client, bucket: u.Host, prefix: prefix, endpoint: endpoint, opTimeout: 20 * time.Second}, nil
}

func (s *S3) String() string {
	where := "s3://" + s.bucket + "/" + s.prefix
	if s.endpoint != "" {
		where += " at " + s.endpoint
	}
	return where
}

func (s *S3) ctx(ctx context.Context) (context.Context, context.CancelFunc) {
	return context.WithTimeout(ctx, s.opTimeout)
}

func (s *S3) Put(ctx context.Context, key string, data []byte) error {
	if err := CheckKey(key); err != nil {
		return fmt.Errorf("store picture: bad key %q", key)
	}
	ctx, cancel := s.ctx(ctx)
	defer cancel()
	_, err := s.client.PutObject(ctx, &s3.PutObjectInput{Bucket: &s.bucket, Key: aws.String(s.prefix + key),
		Body: bytes.NewReader(data), ContentLength: aws.Int64(int64(len(data))), ContentType: aws.String(ContentType(key)),
		CacheControl: aws.String("public, max-age=86400")})
	if err != nil {
		return fmt.Errorf("store picture in %s: %w", s, err)
	}
	return nil
}

func (s *S3) Get(ctx context.Context, key string, rng *Range) (*Object, error) {
	if err := CheckKey(key); err != nil {
		return nil, err
	}
	in := &s3.GetObjectInput{Bucket: &s.bucket, Key: aws.String(s.prefix + key)}
	if rng != nil {
		if rng.Length <= 0 {
			return &Object{Body: http.NoBody}, nil
		}
		in.Range = aws.String(fmt.Sprintf("bytes=%d-%d", rng.Offset, rng.Offset+rng.Length-1))
	}
	// The body is read after Get returns: only the call is bounded here,
	// the read by the HTTP client's timeout.
	out, err := s.client.GetObject(ctx, in)
	if err != nil {
		if isNotFound(err) {
			return nil, ErrNotFound
		}
		return nil, fmt.Errorf("read picture from %s: %w", s, err)
	}
	o := &Object{Body: out.Body, Size: aws.ToInt64(out.ContentLength), ETag: aws.ToString(out.ETag), ModTime: aws.ToTime(out.LastModified)}
	if cr := aws.ToString(out.ContentRange); cr != "" {
		if i := strings.LastIndexByte(cr, '/'); i >= 0 {
			if n, err := strconv.ParseInt(cr[i+1:], 10, 64); err == nil {
				o.Size = n
			}
		}
	}
	return o, nil
}

func (s *S3) Delete(ctx context.Context, key string) error {
	if err := CheckKey(key); err != nil {
		return nil
	}
	ctx, cancel := s.ctx(ctx)
	defer cancel()
	_, err := s.client.DeleteObject(ctx, &s3.DeleteObjectInput{Bucket: &s.bucket, Key: aws.String(s.prefix + key)})
	if err != nil && !isNotFound(err) {
		return fmt.Errorf("delete picture from %s: %w", s, err)
	}
	return nil
}

func (s *S3) List(ctx context.Context, fn func(key string, size int64) error) error {
	p := s3.NewListObjectsV2Paginator(s.client, &s3.ListObjectsV2Input{Bucket: &s.bucket, Prefix: aws.String(s.prefix)})
	for p.HasMorePages() {
		page, err := p.NextPage(ctx)
		if err != nil {
			return fmt.Errorf("list %s: %w", s, err)
		}
		for _, o := range page.Contents {
			if err := fn(strings.TrimPrefix(aws.ToString(o.Key), s.prefix), aws.ToInt64(o.Size)); err != nil {
				return err
			}
		}
	}
	return nil
}

// Check asks for the bucket: it answers when the store is reachable and
// the credentials may read it.
func (s *S3) Check(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	if _, err := s.client.HeadBucket(ctx, &s3.HeadBucketInput{Bucket: &s.bucket}); err != nil {
		return fmt.Errorf("picture store %s: %w", s, err)
	}
	return nil
}

func isNotFound(err error) bool {
	var nsk *types.NoSuchKey
	var nf *types.NotFound
	if errors.As(err, &nsk) || errors.As(err, &nf) {
		return true
	}
	var api smithy.APIError
	return errors.As(err, &api) && (api.ErrorCode() == "NoSuchKey" || api.ErrorCode() == "NotFound")
}
